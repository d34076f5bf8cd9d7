import { Badge, Button, Group } from '@mantine/core';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table';
import type { AgencyInvoicesQuery } from '../../../../graphql/generated/tenant-api';
import { formatDay } from '../../../../lib/format';
import { reportMutationError } from '../../../../lib/mutation-feedback';
import { showNotice } from '../../../../lib/notices';
import { IssueAgencyInvoicesMutation } from '../api/agencies.mutation';
import { AgencyInvoices } from '../api/agencies.query';
import { AgencyHeader } from '../components/agency-header';
import { money } from '../../lib/billing';

type Row = AgencyInvoicesQuery['getAgencyInvoices']['data'][number];

/** /billing/agency/:agencyId/invoices: the agency's invoices (its part of each child's plan invoice). */
export function AgencyInvoicesPage() {
  const { t } = useTranslation('agencies');
  const { agencyId = '' } = useParams();
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [{ data, fetching }, refetch] = useQuery({ query: AgencyInvoices, variables: { id: agencyId, ...paging } });
  const [issued, issue] = useMutation(IssueAgencyInvoicesMutation);
  const columns: DataTableColumn<Row>[] = [
    { key: 'date', header: t('columns.date'), render: (r) => formatDay(r.date) },
    { key: 'student_name', header: t('columns.student') },
    { key: 'period_start', header: t('columns.period'), render: (r) => `${formatDay(r.period_start)} – ${formatDay(r.period_end)}` },
    { key: 'due_date', header: t('columns.due'), render: (r) => formatDay(r.due_date) },
    { key: 'total', header: t('columns.total'), render: (r) => money(r.total) },
    { key: 'paid', header: t('columns.paid'), render: (r) => money(r.paid) },
    { key: 'balance', header: t('columns.balance'), render: (r) => money(r.balance) },
    {
      key: 'status',
      header: t('columns.status'),
      render: (r) => <Badge variant="light">{t(`invoiceStatus.${r.status}`, { defaultValue: r.status })}</Badge>,
    },
  ];
  return (
    <AgencyHeader>
      <Group justify="flex-end">
        <Button
          loading={issued.fetching}
          onClick={async () => {
            const r = await issue({ id: agencyId });
            if (reportMutationError(r.error, t)) return;
            if (r.data) showNotice(r.data.issueAgencyInvoices);
            refetch({ requestPolicy: 'network-only' });
          }}
        >
          {t('invoices.issue')}
        </Button>
      </Group>
      <DataTable
        label={t('tabs.invoices')}
        rows={data?.getAgencyInvoices.data ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        loading={fetching}
        server={{ paginatorInfo: data?.getAgencyInvoices.paginatorInfo ?? null, onPage: setPaging }}
      />
    </AgencyHeader>
  );
}
