import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable } from '../../../../components/data-table/data-table';
import { StudentHoursQuery } from '../../api/reports';
import { ReportFrame, ReportTotals, type ReportBody } from '../../components/report-frame';
import { formatHours } from '../../lib/formats';

function Body({ vars, onPage }: ReportBody) {
  const { t } = useTranslation('attendance');
  const [{ data, fetching }] = useQuery({ query: StudentHoursQuery, variables: vars });
  const report = data?.getStudentHoursReport;
  return (
    <>
      <DataTable
        label={t('reports.studentHours.title')}
        rows={report?.data ?? []}
        rowKey={(r) => r.student_id}
        loading={fetching}
        server={{ paginatorInfo: report?.paginatorInfo ?? null, onPage }}
        columns={[
          { key: 'name', header: t('reports.columns.student'), value: (r) => `${r.fname} ${r.lname}` },
          { key: 'days_attended', header: t('reports.columns.daysAttended') },
          { key: 'total_hours', header: t('reports.columns.hours'), render: (r) => formatHours(r.total_hours) },
          { key: 'average_hours', header: t('reports.columns.averageHours'), render: (r) => formatHours(r.average_hours) },
        ]}
      />
      {report ? <ReportTotals items={[{ label: t('reports.totals.hours'), value: formatHours(report.total_hours) }]} /> : null}
    </>
  );
}

/** /student-hours: each child's days and hours over the range. */
export function StudentHoursPage() {
  const { t } = useTranslation('attendance');
  return (
    <ReportFrame title={t('reports.studentHours.title')} lead={t('reports.studentHours.lead')} kind="student_hours" people="children">
      {(body) => <Body {...body} />}
    </ReportFrame>
  );
}
