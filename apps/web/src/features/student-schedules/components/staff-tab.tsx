import { Alert, Badge, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { confirmDelete } from '../../../components/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { SchedulesStaffQuery } from '../../../graphql/generated/tenant-api';
import { formatDay } from '../../../lib/format';
import { showNotice } from '../../../lib/notices';
import { ApprovePtoMutation, RemovePtoMutation, RemoveStaffAbsenceMutation } from '../api/editing.graphql';
import { StaffQuery } from '../api/schedules.graphql';
import { useScheduleRights } from '../lib/can-edit';
import { addDays, formatClock, mondayOf } from '../lib/dates';
import { PtoModal, StaffAbsenceModal, StaffScheduleModal, type StaffScheduleTarget } from './staff-modals';

type Data = SchedulesStaffQuery['filterStaffSchedules'];

/** Staff schedules, time off and absences of four weeks; managers add, change and remove them and approve time off. */
export function StaffTab({
  locationId,
  today,
  rooms,
}: {
  locationId: string;
  today: string;
  rooms: readonly { id: string; name: string }[];
}) {
  const { t } = useTranslation('schedules');
  const rights = useScheduleRights();
  const [from, setFrom] = useState(mondayOf(today));
  const to = addDays(from, 27);
  const [{ data, fetching, error }, refetch] = useQuery({
    query: StaffQuery,
    variables: { location: locationId, from, to },
    requestPolicy: 'cache-and-network',
  });
  const reload = () => refetch({ requestPolicy: 'network-only' });
  const [editing, setEditing] = useState<StaffScheduleTarget | null>(null);
  const [ptoOpen, setPtoOpen] = useState(false);
  const [absenceOpen, setAbsenceOpen] = useState(false);
  const [, approvePto] = useMutation(ApprovePtoMutation);
  const [, removePto] = useMutation(RemovePtoMutation);
  const [, removeAbsence] = useMutation(RemoveStaffAbsenceMutation);
  const run = async (
    p: Promise<{
      data?: Record<string, { status: boolean; message: string; color: string } | null> | null;
      error?: { graphQLErrors: readonly { message: string }[]; message: string };
    }>,
  ) => {
    const r = await p;
    const notice = r.data ? Object.values(r.data)[0] : null;
    if (notice) showNotice(notice);
    else if (r.error) showNotice({ status: false, color: 'danger', message: r.error.graphQLErrors[0]?.message ?? r.error.message });
    reload();
  };
  const list = data?.filterStaffSchedules;
  const schedules = useMemo<DataTableColumn<Data['schedules'][number]>[]>(
    () => [
      { key: 'user_name', header: t('columns.staff') },
      { key: 'days', header: t('columns.days'), render: (r) => r.days.map((d) => t(`days.${d}`)).join(', ') },
      { key: 'start_time', header: t('columns.hours'), render: (r) => `${formatClock(r.start_time)}–${formatClock(r.end_time)}` },
      {
        key: 'start_date',
        header: t('columns.dates'),
        render: (r) => `${formatDay(r.start_date)}${r.end_date ? ` – ${formatDay(r.end_date)}` : ''}`,
      },
      { key: 'repeat', header: t('columns.repeat'), render: (r) => t(`repeat.${r.repeat}`) },
      { key: 'note', header: t('columns.note') },
      ...(rights.team
        ? [
            {
              key: 'actions',
              header: t('columns.actions'),
              render: (r: Data['schedules'][number]) => (
                <Button size="xs" variant="light" onClick={() => setEditing({ schedule: r })} data-testid="staff-schedule-edit">
                  {t('edit.edit')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, rights.team],
  );
  const ptos = useMemo<DataTableColumn<Data['ptos'][number]>[]>(
    () => [
      { key: 'user_name', header: t('columns.staff') },
      { key: 'start_date', header: t('columns.dates'), render: (r) => `${formatDay(r.start_date)} – ${formatDay(r.end_date)}` },
      { key: 'hours', header: t('columns.hoursOff') },
      { key: 'type', header: t('columns.type'), render: (r) => t(`ptoTypes.${r.type}`) },
      {
        key: 'status',
        header: t('columns.status'),
        render: (r) => <Badge color={r.status === 'approved' ? 'green' : 'yellow'}>{t(`ptoStatus.${r.status}`)}</Badge>,
      },
      ...(rights.team
        ? [
            {
              key: 'actions',
              header: t('columns.actions'),
              render: (r: Data['ptos'][number]) => (
                <Group gap={4} wrap="nowrap">
                  {r.status !== 'approved' && r.user_id !== rights.userId ? (
                    <Button size="xs" variant="light" onClick={() => void run(approvePto({ id: r.id }))} data-testid="pto-approve">
                      {t('pto.approve')}
                    </Button>
                  ) : null}
                  <Button
                    size="xs"
                    variant="subtle"
                    color="danger"
                    onClick={() => confirmDelete(t, t('pto.theTimeOff', { name: r.user_name }), () => run(removePto({ id: r.id })))}
                  >
                    {t('edit.remove')}
                  </Button>
                </Group>
              ),
            },
          ]
        : []),
    ],
    [t, rights.team, rights.userId],
  );
  const absences = useMemo<DataTableColumn<Data['absences'][number]>[]>(
    () => [
      { key: 'user_name', header: t('columns.staff') },
      { key: 'date', header: t('columns.date'), render: (r) => formatDay(r.date) },
      { key: 'reason', header: t('columns.reason') },
      ...(rights.team
        ? [
            {
              key: 'actions',
              header: t('columns.actions'),
              render: (r: Data['absences'][number]) => (
                <Button
                  size="xs"
                  variant="subtle"
                  color="danger"
                  onClick={() =>
                    confirmDelete(t, t('staffAbsence.theAbsence', { name: r.user_name }), () => run(removeAbsence({ id: r.id })))
                  }
                >
                  {t('edit.remove')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, rights.team],
  );
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap" align="flex-end">
        <TextInput
          type="date"
          label={t('filters.from')}
          value={from}
          onChange={(e) => e.currentTarget.value && setFrom(mondayOf(e.currentTarget.value))}
        />
        {rights.team ? (
          <Button onClick={() => setEditing({ schedule: null })} data-testid="staff-schedule-add">
            {t('staffEdit.add')}
          </Button>
        ) : null}
        {rights.requestPto ? (
          <Button variant="light" onClick={() => setPtoOpen(true)} data-testid="pto-add">
            {t('pto.request')}
          </Button>
        ) : null}
        {rights.team ? (
          <Button variant="light" onClick={() => setAbsenceOpen(true)} data-testid="staff-absence-add">
            {t('staffAbsence.add')}
          </Button>
        ) : null}
      </Group>
      <StaffScheduleModal
        target={editing}
        locationId={locationId}
        today={today}
        rooms={rooms}
        onClose={() => setEditing(null)}
        onSaved={reload}
      />
      <PtoModal
        opened={ptoOpen}
        locationId={locationId}
        today={today}
        forAnyone={rights.team}
        onClose={() => setPtoOpen(false)}
        onSaved={reload}
      />
      <StaffAbsenceModal
        opened={absenceOpen}
        locationId={locationId}
        today={today}
        onClose={() => setAbsenceOpen(false)}
        onSaved={reload}
      />
      {error ? <Alert color="danger">{error.graphQLErrors[0]?.message ?? error.message}</Alert> : null}
      <DataTable label={t('staff.schedules')} rows={list?.schedules ?? []} columns={schedules} rowKey={(r) => r.id} loading={fetching} />
      <Title order={2} size="h4">
        {t('staff.ptos')}
      </Title>
      <DataTable label={t('staff.ptos')} rows={list?.ptos ?? []} columns={ptos} rowKey={(r) => r.id} loading={fetching} />
      <Title order={2} size="h4">
        {t('staff.absences')}
      </Title>
      <DataTable label={t('staff.absences')} rows={list?.absences ?? []} columns={absences} rowKey={(r) => r.id} loading={fetching} />
    </Stack>
  );
}
