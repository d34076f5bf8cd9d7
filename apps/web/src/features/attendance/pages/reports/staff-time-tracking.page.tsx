import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable } from '../../../../components/data-table/data-table';
import { formatDay } from '../../../../lib/format';
import { StaffTimeTrackingQuery } from '../../api/reports';
import { ReportFrame, ReportTotals, type ReportBody } from '../../components/report-frame';
import { formatHours, formatLocalStamp } from '../../lib/formats';

function Body({ vars, onPage }: ReportBody) {
  const { t } = useTranslation('attendance');
  const [{ data, fetching }] = useQuery({ query: StaffTimeTrackingQuery, variables: vars });
  const report = data?.getStaffTimeTrackingReport;
  return (
    <>
      <DataTable
        label={t('reports.staffTimeTracking.title')}
        rows={report?.result ?? []}
        rowKey={(r) => r.user_id}
        loading={fetching}
        server={{ paginatorInfo: report?.paginatorInfo ?? null, onPage }}
        columns={[
          { key: 'user.full_name', header: t('reports.columns.staff') },
          {
            key: 'days',
            header: t('reports.columns.days'),
            sortable: false,
            searchable: false,
            render: (r) => (
              <Stack gap={2}>
                {r.days.map((d) => (
                  <Text size="sm" key={d.date}>
                    {t('reports.dayLine', {
                      date: formatDay(d.date),
                      in: formatLocalStamp(d.first_in_local),
                      out: d.open ? t('reports.stillIn') : formatLocalStamp(d.last_out_local),
                      hours: formatHours(d.hours),
                    })}
                  </Text>
                ))}
              </Stack>
            ),
          },
          { key: 'break_minutes', header: t('reports.columns.breakMinutes') },
          { key: 'total_hours', header: t('reports.columns.hours'), render: (r) => formatHours(r.total_hours) },
        ]}
      />
      {report ? (
        <ReportTotals
          items={[
            { label: t('reports.totals.overallHours'), value: formatHours(report.total_overall_hours) },
            { label: t('reports.totals.employees'), value: report.total_employees },
          ]}
        />
      ) : null}
    </>
  );
}

/** /staff-time-tracking: the spec's time report (result, total_overall_hours, total_employees). */
export function StaffTimeTrackingPage() {
  const { t } = useTranslation('attendance');
  return (
    <ReportFrame
      title={t('reports.staffTimeTracking.title')}
      lead={t('reports.staffTimeTracking.lead')}
      kind="staff_time_tracking"
      people="staff"
    >
      {(body) => <Body {...body} />}
    </ReportFrame>
  );
}
