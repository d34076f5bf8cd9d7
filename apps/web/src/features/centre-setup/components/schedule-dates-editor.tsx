import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { FieldErrors } from 'react-hook-form';
import { DAYS, emptyDate, type ScheduleDateValue } from '../forms/schedule-dates';

type RowErrors = FieldErrors<ScheduleDateValue>;

/** The time ranges of a schedule: day, start and end, one row each. */
export function ScheduleDatesEditor({
  value,
  onChange,
  errors,
  label,
  required,
}: {
  value: ScheduleDateValue[];
  onChange(next: ScheduleDateValue[]): void;
  errors?: (RowErrors | undefined)[] | { message?: string };
  label: string;
  required?: boolean;
}) {
  const { t } = useTranslation(['setup', 'common']);
  const rowErrors = Array.isArray(errors) ? errors : [];
  const listError = !Array.isArray(errors) ? errors?.message : undefined;
  const update = (index: number, patch: Partial<ScheduleDateValue>) =>
    onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  const message = (key: string | undefined) => (key ? t(key) : undefined);
  return (
    <Stack gap="xs" role="group" aria-label={label} data-testid="schedule-dates">
      <Text size="sm" fw={500}>
        {label}
        {required ? (
          <Text span c="danger" aria-hidden>
            {' *'}
          </Text>
        ) : null}
      </Text>
      {value.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('setup:schedule.noDates')}
        </Text>
      ) : null}
      {value.map((row, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="wrap" data-testid={`schedule-date-${index}`}>
          <Select
            label={t('setup:schedule.day')}
            data={DAYS.map((d) => ({ value: d, label: t(`setup:days.${d}`) }))}
            value={row.day}
            onChange={(day) => update(index, { day: (day ?? 'monday') as ScheduleDateValue['day'] })}
            allowDeselect={false}
            withAsterisk
            w={150}
            comboboxProps={{ withinPortal: true }}
            error={message(rowErrors[index]?.day?.message)}
          />
          <TextInput
            type="time"
            label={t('setup:schedule.start')}
            value={row.start_time}
            onChange={(e) => update(index, { start_time: e.currentTarget.value })}
            withAsterisk
            w={130}
            error={message(rowErrors[index]?.start_time?.message)}
          />
          <TextInput
            type="time"
            label={t('setup:schedule.end')}
            value={row.end_time}
            onChange={(e) => update(index, { end_time: e.currentTarget.value })}
            withAsterisk
            w={130}
            error={message(rowErrors[index]?.end_time?.message)}
          />
          <ActionIcon
            variant="subtle"
            color="danger"
            mt={28}
            aria-label={t('setup:schedule.removeDate', { n: index + 1 })}
            onClick={() => onChange(value.filter((_, i) => i !== index))}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
      {listError ? (
        <Text size="xs" c="danger">
          {message(listError)}
        </Text>
      ) : null}
      <Group>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onChange([...value, emptyDate()])}
          data-testid="schedule-add-date"
        >
          {t('setup:schedule.addDate')}
        </Button>
      </Group>
    </Stack>
  );
}

/** "Mon 08:00–17:00, Tue …" */
export function ScheduleSummary({ dates }: { dates: readonly { day: string; start_time: string; end_time: string }[] }) {
  const { t } = useTranslation('setup');
  if (dates.length === 0) return <Text size="sm">{t('setup:schedule.always')}</Text>;
  return (
    <Text size="sm">
      {dates.map((d) => `${t(`setup:daysShort.${d.day}`)} ${d.start_time.slice(0, 5)}–${d.end_time.slice(0, 5)}`).join(', ')}
    </Text>
  );
}
