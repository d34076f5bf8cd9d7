import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable } from '../../../../components/data-table/data-table';
import { formatDay } from '../../../../lib/format';
import { AttendanceSummaryQuery } from '../../api/reports';
import { ReportFrame, ReportTotals, type ReportBody } from '../../components/report-frame';
import { formatHours } from '../../lib/formats';

function Body({ vars }: ReportBody) {
  const { t } = useTranslation('attendance');
  const [{ data, fetching }] = useQuery({
    query: AttendanceSummaryQuery,
    variables: { location_id: vars.location_id, from: vars.from, to: vars.to, program_id: vars.program_id },
  });
  const report = data?.getAttendanceSummary;
  const totals = report?.totals;
  return (
    <>
      <DataTable
        label={t('reports.attendanceSummary.title')}
        rows={report?.days ?? []}
        rowKey={(r) => r.date}
        loading={fetching}
        columns={[
          { key: 'date', header: t('reports.columns.date'), render: (r) => formatDay(r.date) },
          { key: 'children_present', header: t('reports.columns.childrenPresent') },
          { key: 'child_hours', header: t('reports.columns.childHours'), render: (r) => formatHours(r.child_hours) },
          { key: 'absences', header: t('reports.columns.absences') },
          { key: 'staff_present', header: t('reports.columns.staffPresent') },
          { key: 'staff_hours', header: t('reports.columns.staffHours'), render: (r) => formatHours(r.staff_hours) },
        ]}
      />
      {totals ? (
        <ReportTotals
          items={[
            { label: t('reports.columns.childrenPresent'), value: totals.children_present },
            { label: t('reports.columns.childHours'), value: formatHours(totals.child_hours) },
            { label: t('reports.columns.absences'), value: totals.absences },
            { label: t('reports.columns.staffPresent'), value: totals.staff_present },
            { label: t('reports.columns.staffHours'), value: formatHours(totals.staff_hours) },
          ]}
        />
      ) : null}
    </>
  );
}

/** /attendance-summary: children and staff present per day, their hours and the absences. */
export function AttendanceSummaryPage() {
  const { t } = useTranslation('attendance');
  return (
    <ReportFrame title={t('reports.attendanceSummary.title')} lead={t('reports.attendanceSummary.lead')} kind="attendance_summary">
      {(body) => <Body {...body} />}
    </ReportFrame>
  );
}
