import { Alert, Badge, Stack, TextInput, Title, Group } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { SchedulesStaffQuery } from '../../../graphql/generated/tenant-api';
import { StaffQuery } from '../api/schedules.graphql';
import { addDays, formatClock, formatDay, mondayOf } from '../lib/dates';

type Data = SchedulesStaffQuery['filterStaffSchedules'];

/** Staff schedules, time off and absences of four weeks. */
export function StaffTab({ locationId, today }: { locationId: string; today: string }) {
  const { t } = useTranslation('schedules');
  const [from, setFrom] = useState(mondayOf(today));
  const to = addDays(from, 27);
  const [{ data, fetching, error }] = useQuery({
    query: StaffQuery,
    variables: { location: locationId, from, to },
    requestPolicy: 'cache-and-network',
  });
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
    ],
    [t],
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
    ],
    [t],
  );
  const absences = useMemo<DataTableColumn<Data['absences'][number]>[]>(
    () => [
      { key: 'user_name', header: t('columns.staff') },
      { key: 'date', header: t('columns.date'), render: (r) => formatDay(r.date) },
      { key: 'reason', header: t('columns.reason') },
    ],
    [t],
  );
  return (
    <Stack gap="md">
      <Group>
        <TextInput
          type="date"
          label={t('filters.from')}
          value={from}
          onChange={(e) => e.currentTarget.value && setFrom(mondayOf(e.currentTarget.value))}
        />
      </Group>
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
