import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable } from '../../../../components/data-table/data-table';
import { StaffHoursQuery } from '../../api/reports';
import { ReportFrame, ReportTotals, type ReportBody } from '../../components/report-frame';
import { formatHours } from '../../lib/formats';

function Body({ vars, onPage }: ReportBody) {
  const { t } = useTranslation('attendance');
  const [{ data, fetching }] = useQuery({ query: StaffHoursQuery, variables: vars });
  const report = data?.getStaffHoursReport;
  return (
    <>
      <DataTable
        label={t('reports.staffHours.title')}
        rows={report?.data ?? []}
        rowKey={(r) => r.user_id}
        loading={fetching}
        server={{ paginatorInfo: report?.paginatorInfo ?? null, onPage }}
        columns={[
          { key: 'user.full_name', header: t('reports.columns.staff') },
          { key: 'days_worked', header: t('reports.columns.daysWorked') },
          { key: 'total_hours', header: t('reports.columns.hours'), render: (r) => formatHours(r.total_hours) },
          { key: 'break_minutes', header: t('reports.columns.breakMinutes') },
          { key: 'average_hours', header: t('reports.columns.averageHours'), render: (r) => formatHours(r.average_hours) },
        ]}
      />
      {report ? <ReportTotals items={[{ label: t('reports.totals.hours'), value: formatHours(report.total_hours) }]} /> : null}
    </>
  );
}

/** /staff-hours: hours per staff member over a range of the location's days. */
export function StaffHoursPage() {
  const { t } = useTranslation('attendance');
  return (
    <ReportFrame title={t('reports.staffHours.title')} lead={t('reports.staffHours.lead')} kind="staff_hours" people="staff">
      {(body) => <Body {...body} />}
    </ReportFrame>
  );
}
