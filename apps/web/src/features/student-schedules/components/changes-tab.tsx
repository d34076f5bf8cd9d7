import { Alert, Group, Stack, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type { SchedulesChangesQuery } from '../../../graphql/generated/tenant-api';
import { formatDay } from '../../../lib/format';
import { ChangesQuery } from '../api/schedules.graphql';
import { addDays, formatInstant } from '../lib/dates';

type Row = SchedulesChangesQuery['filterUpdatedSchedules']['data'][number];

/** What a change did, in words: "days: Mon, Wed → Tue, Thu". */
function describe(row: Row, t: (k: string) => string): string {
  let data: Record<string, unknown> = {};
  try {
    data = JSON.parse(row.data) as Record<string, unknown>;
  } catch {
    return '';
  }
  const show = (v: unknown): string =>
    Array.isArray(v)
      ? v.map((d) => (typeof d === 'string' && d.length === 3 ? t(`days.${d}`) : show(d))).join(', ')
      : v === null
        ? '—'
        : String(v);
  return Object.entries(data)
    .map(([k, v]) => {
      if (k === 'date') return formatDay(String(v));
      if (Array.isArray(v) && v.length === 2 && k !== 'days') return `${k}: ${show(v[0])} → ${show(v[1])}`;
      if (k === 'days' && Array.isArray(v) && Array.isArray(v[0])) return `${t('columns.days')}: ${show(v[0])} → ${show(v[1])}`;
      return `${k}: ${show(v)}`;
    })
    .join('; ');
}

/** The change log of the location's schedules (filterUpdatedSchedules). */
export function ChangesTab({ locationId, today }: { locationId: string; today: string }) {
  const { t } = useTranslation('schedules');
  const [from, setFrom] = useState(addDays(today, -27));
  const [to, setTo] = useState(today);
  const [page, setPage] = useState({ page: 1, first: 25 });
  const [{ data, fetching, error }] = useQuery({
    query: ChangesQuery,
    variables: { location: locationId, from, to, ...page },
    requestPolicy: 'cache-and-network',
  });
  const list = data?.filterUpdatedSchedules;
  const columns = useMemo<DataTableColumn<Row>[]>(
    () => [
      { key: 'created_at', header: t('columns.when'), render: (r) => formatInstant(r.created_at) },
      { key: 'student_id', header: t('columns.child'), render: (r) => r.student_name },
      { key: 'action', header: t('columns.action'), render: (r) => t(`actions.${r.action}`) },
      { key: 'data', header: t('columns.change'), render: (r) => describe(r, t) },
    ],
    [t],
  );
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('filters.from')}
          value={from}
          onChange={(e) => e.currentTarget.value && setFrom(e.currentTarget.value)}
        />
        <TextInput type="date" label={t('filters.to')} value={to} onChange={(e) => e.currentTarget.value && setTo(e.currentTarget.value)} />
      </Group>
      {error ? <Alert color="danger">{error.graphQLErrors[0]?.message ?? error.message}</Alert> : null}
      <DataTable
        label={t('tabs.changes')}
        rows={list?.data ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        loading={fetching}
        server={{ paginatorInfo: list?.paginatorInfo ?? null, onPage: setPage }}
      />
    </Stack>
  );
}
