import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { DataTable } from '../../../../components/data-table/data-table';
import { StaffActivityQuery } from '../../api/reports';
import { ReportFrame, type ReportBody } from '../../components/report-frame';
import { formatLocalStamp } from '../../lib/formats';

function Body({ vars, onPage }: ReportBody) {
  const { t } = useTranslation('attendance');
  const [{ data, fetching }] = useQuery({ query: StaffActivityQuery, variables: vars });
  const report = data?.getStaffActivityReport;
  return (
    <DataTable
      label={t('reports.staffActivity.title')}
      rows={report?.data ?? []}
      rowKey={(r) => `${r.at}-${r.user_id}-${r.kind}-${r.detail ?? ''}`}
      loading={fetching}
      server={{ paginatorInfo: report?.paginatorInfo ?? null, onPage }}
      columns={[
        { key: 'at_local', header: t('reports.columns.when'), render: (r) => formatLocalStamp(r.at_local) },
        { key: 'user.full_name', header: t('reports.columns.staff') },
        {
          key: 'kind',
          header: t('reports.columns.activity'),
          render: (r) => t(`reports.activityKinds.${r.kind}`, { defaultValue: r.kind }),
        },
        { key: 'detail', header: t('reports.columns.detail') },
        { key: 'room', header: t('reports.columns.room') },
      ]}
    />
  );
}

/** /staff-activity: punches, breaks, room moves and the check-ins staff recorded, newest first. */
export function StaffActivityPage() {
  const { t } = useTranslation('attendance');
  return (
    <ReportFrame
      title={t('reports.staffActivity.title')}
      lead={t('reports.staffActivity.lead')}
      kind="staff_activity"
      withRoom={false}
      people="staff"
    >
      {(body) => <Body {...body} />}
    </ReportFrame>
  );
}
