import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable } from '../../../../components/data-table/data-table';
import { formatDay } from '../../../../lib/format';
import { StudentDailyHoursQuery } from '../../api/reports';
import { ReportFrame, ReportTotals, type ReportBody } from '../../components/report-frame';
import { formatHours, formatLocalStamp } from '../../lib/formats';

function Body({ vars, onPage }: ReportBody) {
  const { t } = useTranslation('attendance');
  const [{ data, fetching }] = useQuery({ query: StudentDailyHoursQuery, variables: vars });
  const report = data?.getStudentDailyHoursReport;
  return (
    <>
      <DataTable
        label={t('reports.studentDailyHours.title')}
        rows={report?.data ?? []}
        rowKey={(r) => `${r.student_id}-${r.date}`}
        loading={fetching}
        server={{ paginatorInfo: report?.paginatorInfo ?? null, onPage }}
        columns={[
          { key: 'name', header: t('reports.columns.student'), value: (r) => `${r.fname} ${r.lname}` },
          { key: 'date', header: t('reports.columns.date'), render: (r) => formatDay(r.date) },
          { key: 'first_in_local', header: t('reports.columns.firstIn'), render: (r) => formatLocalStamp(r.first_in_local) },
          {
            key: 'last_out_local',
            header: t('reports.columns.lastOut'),
            render: (r) => (r.open ? t('reports.stillIn') : formatLocalStamp(r.last_out_local)),
          },
          { key: 'hours', header: t('reports.columns.hours'), render: (r) => formatHours(r.hours) },
        ]}
      />
      {report ? <ReportTotals items={[{ label: t('reports.totals.hours'), value: formatHours(report.total_hours) }]} /> : null}
    </>
  );
}

/** /student-daily-hours: each child's hours per day of the location (split at its midnight). */
export function StudentDailyHoursPage() {
  const { t } = useTranslation('attendance');
  return (
    <ReportFrame
      title={t('reports.studentDailyHours.title')}
      lead={t('reports.studentDailyHours.lead')}
      kind="student_daily_hours"
      people="children"
    >
      {(body) => <Body {...body} />}
    </ReportFrame>
  );
}
