import { SegmentedControl, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { roleAtLeast } from '@kv/shared';
import { DataTable } from '../../../../components/data-table/data-table';
import { formatDay } from '../../../../lib/format';
import { useViewer } from '../../../../lib/shell-context';
import { TimeclockHistoryQuery, TimeclockReportQuery } from '../../api/staff-records';
import { ReportFrame, ReportTotals, type ReportBody } from '../../components/report-frame';
import { formatHours, formatInZone, formatLocalStamp } from '../../lib/formats';

type View = 'days' | 'punches';

function Days({ vars, onPage }: ReportBody) {
  const { t } = useTranslation('attendance');
  const [{ data, fetching }] = useQuery({ query: TimeclockReportQuery, variables: vars });
  const report = data?.getTimeclockReport;
  return (
    <>
      <DataTable
        label={t('reports.timeclock.days')}
        rows={report?.data ?? []}
        rowKey={(r) => `${r.user_id}-${r.date}`}
        loading={fetching}
        server={{ paginatorInfo: report?.paginatorInfo ?? null, onPage }}
        columns={[
          { key: 'user.full_name', header: t('reports.columns.staff') },
          { key: 'date', header: t('reports.columns.date'), render: (r) => formatDay(r.date) },
          { key: 'first_in_local', header: t('reports.columns.firstIn'), render: (r) => formatLocalStamp(r.first_in_local) },
          {
            key: 'last_out_local',
            header: t('reports.columns.lastOut'),
            render: (r) => (r.open ? t('reports.stillIn') : formatLocalStamp(r.last_out_local)),
          },
          { key: 'break_minutes', header: t('reports.columns.breakMinutes') },
          { key: 'hours', header: t('reports.columns.hours'), render: (r) => formatHours(r.hours) },
        ]}
      />
      {report ? <ReportTotals items={[{ label: t('reports.totals.hours'), value: formatHours(report.total_hours) }]} /> : null}
    </>
  );
}

function Punches({ vars, timeZone, onPage }: ReportBody) {
  const { t } = useTranslation('attendance');
  const [{ data, fetching }] = useQuery({ query: TimeclockHistoryQuery, variables: vars });
  const page = data?.getTimeclockHistory;
  return (
    <DataTable
      label={t('reports.timeclock.punches')}
      rows={page?.data ?? []}
      rowKey={(r) => r.id}
      loading={fetching}
      server={{ paginatorInfo: page?.paginatorInfo ?? null, onPage }}
      columns={[
        { key: 'user.full_name', header: t('reports.columns.staff') },
        { key: 'program.name', header: t('reports.columns.room') },
        { key: 'start_time', header: t('reports.columns.firstIn'), render: (r) => formatInZone(r.start_time, timeZone) },
        {
          key: 'end_time',
          header: t('reports.columns.lastOut'),
          render: (r) => (r.end_time ? formatInZone(r.end_time, timeZone) : t('reports.stillIn')),
        },
        { key: 'break_time', header: t('reports.columns.breakMinutes') },
        { key: 'hours', header: t('reports.columns.hours'), render: (r) => formatHours(r.hours) },
        {
          key: 'check_in_method',
          header: t('reports.columns.method'),
          render: (r) => t(`methods.${r.check_in_method}`, { defaultValue: r.check_in_method }),
        },
      ]}
    />
  );
}

/**
 * /attendance/timeclock: the time clock's hours per staff member and day, and the punches
 * themselves. Managers see their team (staff filter, CSV export); other staff their own hours.
 */
export function TimeclockReportPage() {
  const { t } = useTranslation('attendance');
  const viewer = useViewer();
  const isManager = roleAtLeast(viewer.role, 'manager');
  const [view, setView] = useState<View>('days');
  const key = isManager ? 'timeclock' : 'myHours';
  return (
    <ReportFrame
      title={t(`reports.${key}.title`)}
      lead={t(`reports.${key}.lead`)}
      kind="timeclock"
      people={isManager ? 'staff' : undefined}
      exportable={isManager}
    >
      {(body) => (
        <Stack gap="sm">
          <SegmentedControl
            value={view}
            onChange={(v) => setView(v as View)}
            data={(['days', 'punches'] as const).map((v) => ({ value: v, label: t(`reports.timeclock.${v}`) }))}
            aria-label={t('reports.timeclock.view')}
            data-testid="timeclock-view"
            style={{ alignSelf: 'flex-start' }}
          />
          {view === 'days' ? <Days {...body} /> : <Punches {...body} />}
        </Stack>
      )}
    </ReportFrame>
  );
}
