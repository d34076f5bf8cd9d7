import { Alert, Button, Card, Group, MultiSelect, SegmentedControl, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconMessage } from '@tabler/icons-react';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { fieldErrors, type GraphqlFailure } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { AudienceOptionsQuery, ChildOptionsQuery, SendAlertMutation, SendSmsMutation } from '../api/announcements';

type Mode = 'alert' | 'sms';
const MAX = 640;

/**
 * /instant_message: an alert (push, SMS and email, never muted) or an instant SMS to the guardians
 * of chosen children and rooms (SMS also: tags), within the sender's locations.
 */
export function InstantMessagePage() {
  const { t } = useTranslation(['announcements', 'common', 'shell']);
  const [mode, setMode] = useState<Mode>('alert');
  const [message, setMessage] = useState('');
  const [students, setStudents] = useState<string[]>([]);
  const [programs, setPrograms] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [result, setResult] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [{ data: places }] = useQuery({ query: AudienceOptionsQuery });
  const [{ data: options }] = useQuery({ query: ChildOptionsQuery, variables: { search: debounced || null } });
  const [alertState, sendAlert] = useMutation(SendAlertMutation);
  const [smsState, sendSms] = useMutation(SendSmsMutation);
  const names = useRef(new Map<string, string>());
  const children = useMemo(() => {
    const list = new Map((options?.students.data ?? []).map((s) => [s.id, s.full_name]));
    for (const [id, name] of list) names.current.set(id, name);
    for (const id of students) if (!list.has(id)) list.set(id, names.current.get(id) ?? id);
    return [...list].map(([value, label]) => ({ value, label }));
  }, [options, students]);
  const locations = places?.dropdownLocations ?? [];
  const rooms = locations.flatMap((l) => l.rooms.map((r) => ({ value: r.id, label: locations.length > 1 ? `${r.name} (${l.name})` : r.name })));
  const tagOptions = (options?.getTags.data ?? []).map((g) => ({ value: g.id, label: g.name }));

  const send = async () => {
    setErrors({});
    setResult(null);
    const r =
      mode === 'alert'
        ? await sendAlert({ message, alert_student: students, alert_program: programs })
        : await sendSms({ message, students, programs, tags });
    const error = r.error as GraphqlFailure | undefined;
    if (error) {
      const byField = fieldErrors(error);
      const mapped: Record<string, string> = {};
      for (const [k, v] of Object.entries(byField)) {
        const key = k.split('.')[0]!;
        mapped[{ alert_student: 'students', alert_program: 'programs', alert_user: 'students', users: 'students' }[key] ?? key] = v;
      }
      if (Object.keys(mapped).length) setErrors(mapped);
      else reportMutationError(error, t);
      return;
    }
    const done = r.data && ('sendAlert' in r.data ? r.data.sendAlert : 'sendInstantSms' in r.data ? r.data.sendInstantSms : null);
    if (done) {
      showNotice(done);
      setResult(t('announcements:instant.result', { people: done.recipients, messages: done.queued, skipped: done.skipped }));
      setMessage('');
    }
  };

  return (
    <Stack gap="md" maw={760} data-testid="instant-message-page">
      <Stack gap={0}>
        <Title order={1} size="h3">
          {t('shell:menu.instantMessage')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('announcements:instant.lead')}
        </Text>
      </Stack>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="sm">
          <SegmentedControl
            value={mode}
            onChange={(v) => setMode(v as Mode)}
            data={[
              { value: 'alert', label: t('announcements:instant.alert') },
              { value: 'sms', label: t('announcements:instant.sms') },
            ]}
          />
          <Text size="sm" c="dimmed">
            {mode === 'alert' ? t('announcements:instant.alertHint') : t('announcements:instant.smsHint')}
          </Text>
          <Textarea
            label={t('announcements:fields.message')}
            value={message}
            onChange={(e) => setMessage(e.currentTarget.value)}
            maxLength={MAX}
            autosize
            minRows={3}
            required
            error={errors.message}
            description={t('announcements:instant.count', { count: message.length, max: MAX })}
          />
          <MultiSelect
            label={t('announcements:instant.children')}
            data={children}
            value={students}
            searchable
            searchValue={search}
            onSearchChange={setSearch}
            filter={({ options: all }) => all}
            onChange={setStudents}
            clearable
            error={errors.students}
          />
          <MultiSelect label={t('announcements:fields.programs')} data={rooms} value={programs} onChange={setPrograms} searchable clearable error={errors.programs} />
          {mode === 'sms' ? (
            <MultiSelect label={t('announcements:instant.tags')} data={tagOptions} value={tags} onChange={setTags} searchable clearable error={errors.tags} />
          ) : null}
          <Group justify="flex-end">
            <Button
              onClick={() => void send()}
              loading={alertState.fetching || smsState.fetching}
              color={mode === 'alert' ? 'danger' : undefined}
              leftSection={mode === 'alert' ? <IconAlertTriangle size={16} /> : <IconMessage size={16} />}
              data-testid="instant-send"
            >
              {mode === 'alert' ? t('announcements:instant.sendAlert') : t('announcements:instant.sendSms')}
            </Button>
          </Group>
          {result ? (
            <Alert color="success" variant="light" data-testid="instant-result">
              {result}
            </Alert>
          ) : null}
        </Stack>
      </Card>
    </Stack>
  );
}
