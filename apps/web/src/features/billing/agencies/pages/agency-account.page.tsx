import { Button, Modal, Stack, Text, Title } from '@mantine/core';
import { useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { AppLink } from '../../../../components/app-link';
import { DataTable, type DataTableColumn } from '../../../../components/data-table/data-table';
import { currentLocation } from '../../../../lib/current-location';
import { paths } from '../../../../lib/paths';
import type { AgencyListQuery } from '../../../../graphql/generated/tenant-api';
import { AgenciesQuery } from '../api/agencies.query';
import { AgencyPaymentForm } from '../components/agency-payment-form';
import { money } from '../../lib/billing';
import { BillingTabs } from '../../components/billing-tabs';

type Row = AgencyListQuery['getAgencies'][number];

/** /billing/subsidies/agency-account: what each agency of the location owes; record its payments. */
export function AgencyAccountPage() {
  const { t } = useTranslation('agencies');
  const location = useSyncExternalStore(currentLocation.subscribe, currentLocation.get, currentLocation.get);
  const locationId = location?.id ?? null;
  const [{ data, fetching }, refetch] = useQuery({ query: AgenciesQuery, variables: { location_id: locationId }, pause: !locationId });
  const [paying, setPaying] = useState<Row | null>(null);
  const rows = data?.getAgencies ?? [];
  const total = rows.reduce((s, r) => s + r.balance, 0);
  const columns: DataTableColumn<Row>[] = [
    {
      key: 'name',
      header: t('fields.name'),
      sortable: true,
      searchable: true,
      render: (r) => <AppLink to={paths.billingAgencyInvoices.to({ agencyId: r.id })}>{r.name}</AppLink>,
    },
    { key: 'students_count', header: t('columns.students'), sortable: true },
    { key: 'balance', header: t('columns.owes'), sortable: true, render: (r) => money(r.balance) },
    {
      key: 'actions',
      header: t('columns.actions'),
      render: (r) => (
        <Button size="xs" variant="light" onClick={() => setPaying(r)} disabled={r.balance <= 0}>
          {t('payment.record')}
        </Button>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('account.title')}
      </Title>
      <BillingTabs />
      <Text>
        {t('account.total')}: <strong>{money(total)}</strong>
      </Text>
      <DataTable label={t('account.title')} rows={rows} columns={columns} rowKey={(r) => r.id} loading={fetching} />
      <Modal
        opened={paying !== null}
        onClose={() => setPaying(null)}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        title={t('payment.title', { name: paying?.name ?? '' })}
      >
        {paying && (
          <AgencyPaymentForm
            agencyId={paying.id}
            onDone={() => {
              setPaying(null);
              refetch({ requestPolicy: 'network-only' });
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}
