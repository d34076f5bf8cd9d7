import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable } from '../../../../components/data-table/data-table';
import { StudentAttendanceQuery } from '../../api/reports';
import { ReportFrame, type ReportBody } from '../../components/report-frame';
import { formatHours, formatLocalStamp } from '../../lib/formats';

function Body({ vars, onPage }: ReportBody) {
  const { t } = useTranslation('attendance');
  const [{ data, fetching }] = useQuery({ query: StudentAttendanceQuery, variables: vars });
  const report = data?.getStudentAttendanceReport;
  const method = (m: string | null) => (m ? t(`methods.${m}`, { defaultValue: m }) : '');
  return (
    <DataTable
      label={t('reports.studentAttendance.title')}
      rows={report?.data ?? []}
      rowKey={(r) => r.id}
      loading={fetching}
      server={{ paginatorInfo: report?.paginatorInfo ?? null, onPage }}
      columns={[
        { key: 'name', header: t('reports.columns.student'), value: (r) => `${r.fname} ${r.lname}` },
        { key: 'room', header: t('reports.columns.room') },
        { key: 'check_in_local', header: t('reports.columns.checkIn'), render: (r) => formatLocalStamp(r.check_in_local) },
        {
          key: 'check_out_local',
          header: t('reports.columns.checkOut'),
          render: (r) => (r.check_out_local ? formatLocalStamp(r.check_out_local) : t('reports.stillIn')),
        },
        { key: 'hours', header: t('reports.columns.hours'), render: (r) => formatHours(r.hours) },
        { key: 'checked_in_by', header: t('reports.columns.checkedInBy') },
        { key: 'checked_out_by', header: t('reports.columns.checkedOutBy') },
        {
          key: 'method',
          header: t('reports.columns.method'),
          value: (r) => `${method(r.check_in_method)} ${method(r.check_out_method)}`,
          render: (r) => [method(r.check_in_method), method(r.check_out_method)].filter(Boolean).join(' / '),
        },
        {
          key: 'signed_in',
          header: t('reports.columns.signed'),
          render: (r) => (r.signed_in ? <Badge variant="light">{t('reports.signedYes')}</Badge> : null),
        },
      ]}
    />
  );
}

/** /student-attendance-report: every record of the range with who checked the child in and out, and how. */
export function StudentAttendanceReportPage() {
  const { t } = useTranslation('attendance');
  return (
    <ReportFrame
      title={t('reports.studentAttendance.title')}
      lead={t('reports.studentAttendance.lead')}
      kind="student_attendance"
      people="children"
    >
      {(body) => <Body {...body} />}
    </ReportFrame>
  );
}
