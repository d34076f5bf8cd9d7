import { Alert, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { formatDay } from '../../../lib/format';
import { showNotice } from '../../../lib/notices';
import { CreateVacationMutation, DeleteVacationMutation, StudentQuery } from '../api/schedules.graphql';
import { formatClock, todayAt } from '../lib/dates';
import { VacationModal, type VacationTarget } from './vacation-modal';

/**
 * The child's page: their schedules, vacations and absences; "report an absence" (a vacation of one or
 * more days) and "plan a vacation" (with a note), and change or cancel the vacations ahead.
 */
export function StudentSchedulePanel({ studentId }: { studentId: string }) {
  const { t } = useTranslation('schedules');
  const [{ data, error }, refetch] = useQuery({
    query: StudentQuery,
    variables: { student: studentId },
    requestPolicy: 'cache-and-network',
  });
  const [create, createVacation] = useMutation(CreateVacationMutation);
  const [, deleteVacation] = useMutation(DeleteVacationMutation);
  const today = todayAt(null);
  const [start, setStart] = useState(today);
  const [end, setEnd] = useState(today);
  const [reason, setReason] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [planning, setPlanning] = useState<VacationTarget | null>(null);
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const overview = data?.getStudentSchedules;
  if (error && !overview) return null;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    const r = await createVacation({ student: studentId, start_date: start, end_date: end, reason: reason || null });
    if (r.data?.createVacation.status) {
      setNotice(t('report.saved', { count: r.data.createVacation.vacation?.dates.length ?? 0 }));
      setReason('');
      refetch({ requestPolicy: 'network-only' });
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" data-testid="student-schedule">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('panel.title')}
        </Title>
        {overview && overview.schedules.length === 0 ? <Text size="sm">{t('noSchedule')}</Text> : null}
        {overview?.schedules.map((s) => (
          <Text key={s.id} size="sm">
            {s.days.map((d) => t(`days.${d}`)).join(', ') || t(`types.${s.type}`)}
            {s.start_time ? ` · ${formatClock(s.start_time)}–${formatClock(s.end_time)}` : ''}
            {` · ${formatDay(s.start_date)}${s.end_date ? ` – ${formatDay(s.end_date)}` : ` ${t('panel.onwards')}`}`}
          </Text>
        ))}
        {overview?.vacations.length ? (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              {t('panel.vacations')}
            </Text>
            {overview.vacations.map((v) => (
              <Group key={v.id} gap="sm" justify="space-between" wrap="nowrap">
                <Text size="sm">
                  {formatDay(v.start_date)} – {formatDay(v.end_date)} · {t('panel.days', { count: v.dates.length })}
                  {v.reason ? ` · ${v.reason}` : ''}
                </Text>
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="subtle" onClick={() => setPlanning({ studentId, vacation: v })} data-testid="vacation-edit">
                    {t('edit.edit')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    color="danger"
                    data-testid="vacation-cancel"
                    onClick={() =>
                      confirmDelete(t, t('vacations.theVacation'), async () => {
                        const r = await deleteVacation({ id: v.id });
                        if (r.data) showNotice(r.data.deleteVacation);
                        else if (r.error)
                          showNotice({ status: false, color: 'danger', message: r.error.graphQLErrors[0]?.message ?? r.error.message });
                        reload();
                      })
                    }
                  >
                    {t('panel.cancel')}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        ) : null}
        <Group>
          <Button variant="light" onClick={() => setPlanning({ studentId, vacation: null })} data-testid="vacation-plan">
            {t('vacations.newTitle')}
          </Button>
        </Group>
        <VacationModal target={planning} locationId={null} today={today} onClose={() => setPlanning(null)} onSaved={reload} />
        <form onSubmit={submit}>
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('report.title')}
            </Text>
            <Group gap="sm" wrap="wrap" align="flex-end">
              <TextInput
                type="date"
                data-testid="absence-from"
                label={t('report.from')}
                value={start}
                onChange={(e) => setStart(e.currentTarget.value)}
                required
              />
              <TextInput
                type="date"
                data-testid="absence-to"
                label={t('report.to')}
                value={end}
                onChange={(e) => setEnd(e.currentTarget.value)}
                required
              />
              <TextInput label={t('report.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={60} />
              <Button type="submit" loading={create.fetching} data-testid="absence-submit">
                {t('report.submit')}
              </Button>
            </Group>
            {create.error ? <Alert color="danger">{create.error.graphQLErrors[0]?.message ?? create.error.message}</Alert> : null}
            {notice ? (
              <Alert color="green" data-testid="absence-saved">
                {notice}
              </Alert>
            ) : null}
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
