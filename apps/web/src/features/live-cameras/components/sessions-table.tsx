import { Badge, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type PaginatorInfo } from '../../../components/data-table/data-table';
import { DateTimeText } from '../../../components/formatted';
import type { WatchSessionRow } from '../api/types';
import { formatDuration } from './live-behind';
import { reasonText } from './reason';

/** Watch sessions: who, which child, camera, start, end, time, IP and browser (the access log). */
export function SessionsTable({
  label,
  rows,
  paginatorInfo,
  loading,
  onPage,
  live = false,
  toolbar,
  testId,
}: {
  label: string;
  rows: readonly WatchSessionRow[];
  paginatorInfo: PaginatorInfo | null;
  loading: boolean;
  onPage(p: { page: number; first: number }): void;
  live?: boolean;
  toolbar?: React.ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('cameras');
  const columns = useMemo<DataTableColumn<WatchSessionRow>[]>(
    () => [
      { key: 'user_name', header: t('cameras:columns.contact') },
      { key: 'student_name', header: t('cameras:columns.child') },
      { key: 'camera_name', header: t('cameras:columns.camera') },
      { key: 'started_at', header: t('cameras:columns.started'), render: (r) => <DateTimeText value={r.started_at} /> },
      ...(live
        ? []
        : [
            {
              key: 'ended_at',
              header: t('cameras:columns.ended'),
              render: (r: WatchSessionRow) =>
                r.ended_at ? (
                  <DateTimeText value={r.ended_at} />
                ) : (
                  <Badge color="success" variant="light">
                    {t('cameras:grid.live')}
                  </Badge>
                ),
            },
          ]),
      { key: 'seconds', header: t('cameras:columns.watched'), render: (r) => formatDuration(r.seconds) },
      ...(live
        ? []
        : [
            {
              key: 'ended_reason',
              header: t('cameras:columns.endedBecause'),
              render: (r: WatchSessionRow) =>
                r.ended_reason
                  ? reasonText(t, r.ended_reason, t(`cameras:endReasons.${r.ended_reason}`, { defaultValue: r.ended_reason }))
                  : '',
            },
          ]),
      { key: 'ip', header: t('cameras:columns.ip') },
      {
        key: 'user_agent',
        header: t('cameras:columns.browser'),
        render: (r) => (
          <Text size="xs" lineClamp={2} title={r.user_agent ?? undefined} maw={260}>
            {r.user_agent}
          </Text>
        ),
      },
    ],
    [t, live],
  );
  return (
    <div data-testid={testId}>
      <DataTable
        label={label}
        rows={rows}
        columns={columns}
        rowKey={(r) => r.id}
        loading={loading}
        toolbar={toolbar}
        server={{ paginatorInfo, onPage }}
      />
    </div>
  );
}
