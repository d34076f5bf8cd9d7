import { Button, Group, Modal } from '@mantine/core';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table';
import type { AgencyPaymentsQuery } from '../../../../graphql/generated/tenant-api';
import { formatDay } from '../../../../lib/format';
import { AgencyPayments } from '../api/agencies.query';
import { AgencyHeader } from '../components/agency-header';
import { AgencyPaymentForm } from '../components/agency-payment-form';
import { money } from '../../lib/billing';

type Row = AgencyPaymentsQuery['getAgencyPayments']['data'][number];

/** /billing/agency/:agencyId/payments: the agency's payments (one row per child invoice covered). */
export function AgencyPaymentsPage() {
  const { t } = useTranslation('agencies');
  const { agencyId = '' } = useParams();
  const [paging, setPaging] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [{ data, fetching }, refetch] = useQuery({ query: AgencyPayments, variables: { id: agencyId, ...paging } });
  const [paying, setPaying] = useState(false);
  const columns: DataTableColumn<Row>[] = [
    { key: 'date', header: t('columns.date'), render: (r) => formatDay(r.date) },
    { key: 'student_name', header: t('columns.student') },
    { key: 'method', header: t('payment.method'), render: (r) => t(`payment.methods.${r.method}`, { defaultValue: r.method }) },
    { key: 'reference', header: t('payment.reference') },
    { key: 'amount', header: t('payment.amount'), render: (r) => money(r.amount) },
    { key: 'status', header: t('columns.status'), render: (r) => t(`invoiceStatus.${r.status}`, { defaultValue: r.status }) },
  ];
  return (
    <AgencyHeader>
      <Group justify="flex-end">
        <Button onClick={() => setPaying(true)}>{t('payment.record')}</Button>
      </Group>
      <DataTable
        label={t('tabs.payments')}
        rows={data?.getAgencyPayments.data ?? []}
        columns={columns}
        rowKey={(r) => r.id}
        loading={fetching}
        server={{ paginatorInfo: data?.getAgencyPayments.paginatorInfo ?? null, onPage: setPaging }}
      />
      <Modal
        opened={paying}
        onClose={() => setPaying(false)}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={t('payment.record')}
      >
        <AgencyPaymentForm
          agencyId={agencyId}
          onDone={() => {
            setPaying(false);
            refetch({ requestPolicy: 'network-only' });
          }}
        />
      </Modal>
    </AgencyHeader>
  );
}
