import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import type { CombinedError } from '@urql/core';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../components/form/field-base';
import { TextField } from '../../../components/form/text-field';
import { reportMutationError } from '../../../lib/mutation-feedback';
import {
  correctionChanges,
  correctionSchema,
  type CorrectionChanges,
  type CorrectionStart,
  type CorrectionValues,
} from './correction-form.schema';

const FIELDS = ['start_time', 'end_time', 'program_id', 'break_time', 'reason'] as const;
/** Server errors that name one of the form's fields but are not BAD_USER_INPUT (overlapping records). */
const FIELD_CODES = ['ATTENDANCE_OVERLAP'];

interface CorrectionFormProps {
  initial: CorrectionStart;
  /** The location's IANA zone, said next to the times. */
  timeZone: string | null;
  /** The location's rooms: the record's room can be changed (a move) or picked for a new record. */
  rooms: { id: string; name: string }[];
  /** A missed record is added (every value is sent) rather than one corrected (only changes). */
  creating?: boolean;
  onSubmit(changes: CorrectionChanges & { reason: string }): Promise<CombinedError | null>;
  onCancel(): void;
}

/**
 * Corrects one attendance record, or adds a missed one: check-in and check-out as `YYYY-MM-DD
 * HH:MM` in the location's time zone, the room, and the reason that goes to the audit trail.
 * Client checks first (zod), then the server's field errors land next to their fields.
 */
export function CorrectionForm({ initial, timeZone, rooms, creating = false, onSubmit, onCancel }: CorrectionFormProps) {
  const { t } = useTranslation(['attendance', 'common']);
  const errorText = useFieldError();
  const schema = useMemo(() => correctionSchema(initial, creating), [initial, creating]);
  const { control, handleSubmit, setError, formState } = useForm<CorrectionValues>({
    resolver: zodResolver(schema),
    defaultValues: { ...initial, program_id: initial.program_id ?? '', reason: '' },
  });
  const hint = t('attendance:correct.stampHint', { zone: timeZone ?? '' });
  return (
    <form
      noValidate
      aria-label={t('attendance:correct.formLabel')}
      data-testid="correction-form"
      onSubmit={handleSubmit(async (values) => {
        const changes = creating
          ? { start_time: values.start_time, end_time: values.end_time || null, program_id: values.program_id || null }
          : correctionChanges(initial, values);
        const error = await onSubmit({ ...changes, reason: values.reason.trim() });
        if (!error) return;
        const own = error.graphQLErrors.filter(
          (e) => FIELD_CODES.includes(String(e.extensions?.code)) && (FIELDS as readonly string[]).includes(String(e.extensions?.field)),
        );
        for (const e of own) setError(e.extensions!.field as (typeof FIELDS)[number], { type: 'server', message: e.message });
        if (own.length < error.graphQLErrors.length || error.networkError) reportMutationError(error, t, { setError, fields: FIELDS });
      })}
    >
      <Stack gap="sm">
        <TextField
          control={control}
          name="start_time"
          label={t('attendance:correct.checkIn')}
          description={hint}
          placeholder="YYYY-MM-DD HH:MM"
          required
          data-testid="correct-start"
        />
        <TextField
          control={control}
          name="end_time"
          label={t('attendance:correct.checkOut')}
          description={initial.end_time ? hint : t('attendance:correct.stillIn', { zone: timeZone ?? '' })}
          placeholder="YYYY-MM-DD HH:MM"
          required={Boolean(initial.end_time)}
          data-testid="correct-end"
        />
        <Controller
          control={control}
          name="program_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('attendance:correct.room')}
              data={rooms.map((r) => ({ value: r.id, label: r.name }))}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              placeholder={t('attendance:correct.homeroom')}
              clearable={creating}
              comboboxProps={{ withinPortal: true }}
              error={errorText(fieldState.error)}
              data-testid="correct-room"
            />
          )}
        />
        {initial.break_time !== undefined ? (
          <TextField
            control={control}
            name="break_time"
            label={t('attendance:correct.breakMinutes')}
            description={t('attendance:correct.breakHint')}
            inputMode="numeric"
            required
            data-testid="correct-break"
          />
        ) : null}
        <Controller
          control={control}
          name="reason"
          render={({ field, fieldState }) => (
            <Textarea
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={(event) => field.onChange(event.currentTarget.value)}
              onBlur={field.onBlur}
              label={t('attendance:correct.reason')}
              description={t('attendance:correct.reasonHint')}
              withAsterisk
              aria-required
              autosize
              minRows={2}
              maxLength={300}
              error={errorText(fieldState.error)}
              data-testid="correct-reason"
            />
          )}
        />
        <Text size="xs" c="dimmed">
          {t('attendance:correct.audited')}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('attendance:common.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="correct-save">
            {t(creating ? 'attendance:correct.add' : 'attendance:correct.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
