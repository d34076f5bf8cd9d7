import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table';
import type { AgencyNextInvoicesQuery } from '../../../../graphql/generated/tenant-api';
import { formatDay } from '../../../../lib/format';
import { AgencyNextInvoices } from '../api/agencies.query';
import { AgencyHeader } from '../components/agency-header';
import { money } from '../../lib/billing';

type Row = AgencyNextInvoicesQuery['getAgencyNextInvoices'][number];

/** /billing/agency/upcoming-invoices/:agencyId: each child's next plan invoice, the agency's part and the family's. */
export function AgencyUpcomingPage() {
  const { t } = useTranslation('agencies');
  const { agencyId = '' } = useParams();
  const [{ data, fetching }] = useQuery({ query: AgencyNextInvoices, variables: { id: agencyId } });
  const rows = data?.getAgencyNextInvoices ?? [];
  const columns: DataTableColumn<Row>[] = [
    { key: 'student_name', header: t('columns.student'), sortable: true, searchable: true },
    { key: 'plan_name', header: t('columns.plan') },
    {
      key: 'period_start',
      header: t('columns.period'),
      sortable: true,
      render: (r) => `${formatDay(r.period_start)} – ${formatDay(r.period_end)}`,
    },
    { key: 'plan_amount', header: t('columns.planAmount'), render: (r) => money(r.plan_amount) },
    { key: 'agency_amount', header: t('columns.agencyPart'), render: (r) => money(r.agency_amount) },
    { key: 'family_amount', header: t('columns.familyPart'), render: (r) => money(r.family_amount) },
  ];
  return (
    <AgencyHeader>
      <Text size="sm">
        {t('upcoming.total')}: <strong>{money(rows.reduce((s, r) => s + r.agency_amount, 0))}</strong>
      </Text>
      <DataTable label={t('tabs.upcoming')} rows={rows} columns={columns} rowKey={(r) => r.plan_id} loading={fetching} />
    </AgencyHeader>
  );
}
