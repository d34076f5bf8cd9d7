import { Badge, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table';
import type { AgencyStudentListQuery } from '../../../../graphql/generated/tenant-api';
import { formatDay } from '../../../../lib/format';
import { AgencyNextInvoices, AgencyQuery, AgencyStudentsQuery } from '../api/agencies.query';
import { AgencyHeader } from '../components/agency-header';
import { money } from '../../lib/billing';

type Auth = AgencyStudentListQuery['getAgencyStudentList'][number];

/** /billing/agency/:agencyId (and /overview): what the agency owes, its next invoices, authorisations to renew. */
export function AgencyOverviewPage() {
  const { t } = useTranslation('agencies');
  const { agencyId = '' } = useParams();
  const [{ data: a }] = useQuery({ query: AgencyQuery, variables: { id: agencyId } });
  const [{ data: s, fetching }] = useQuery({ query: AgencyStudentsQuery, variables: { id: agencyId } });
  const [{ data: n }] = useQuery({ query: AgencyNextInvoices, variables: { id: agencyId } });
  const auths = s?.getAgencyStudentList ?? [];
  const renew = auths.filter((x) => x.status === 'ending' || x.status === 'expired');
  const next = n?.getAgencyNextInvoices ?? [];
  const columns: DataTableColumn<Auth>[] = [
    { key: 'student_name', header: t('columns.student'), sortable: true },
    { key: 'authorization_number', header: t('fields.authorization_number') },
    { key: 'end_date', header: t('fields.end_date'), sortable: true, render: (r) => formatDay(r.end_date) },
    { key: 'status', header: t('columns.status'), render: (r) => <Badge variant="light">{t(`status.${r.status}`)}</Badge> },
  ];
  const stat = (label: string, value: string) => (
    <Card withBorder>
      <Text size="sm">{label}</Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Card>
  );
  return (
    <AgencyHeader>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {stat(t('overview.owes'), money(a?.getAgency.balance))}
          {stat(t('overview.students'), String(auths.length))}
          {stat(t('overview.next'), money(next.reduce((sum, x) => sum + x.agency_amount, 0)))}
        </SimpleGrid>
        <Title order={2} size="h4">
          {t('overview.renew')}
        </Title>
        <DataTable label={t('overview.renew')} rows={renew} columns={columns} rowKey={(r) => r.id} loading={fetching} />
      </Stack>
    </AgencyHeader>
  );
}
