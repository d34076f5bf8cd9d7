import { Anchor, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { PAGE_SIZE_DEFAULT } from '@kv/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { MoneyText } from '../../../components/formatted';
import { paths } from '../../../lib/paths';
import { CenterInvoicesQuery, type CenterInvoiceItem } from '../api/center-billing';
import { billingDay, InvoiceStatusBadge } from '../../../components/platform-billing-status';
import { CentreFilter } from '../components/centre-filter';

const STATUSES = ['open', 'paid', 'void'] as const;

/** /centers-invoices (admin): every centre's invoices from the platform, newest period first, by centre and status. */
export function CentersInvoicesPage() {
  const { t } = useTranslation(['platformBilling', 'common']);
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [centre, setCentre] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [{ data, fetching }] = useQuery({
    query: CenterInvoicesQuery,
    variables: { ...page, center_id: centre, status },
    requestPolicy: 'cache-and-network',
  });

  const columns = useMemo<DataTableColumn<CenterInvoiceItem>[]>(
    () => [
      { key: 'id', header: t('platformBilling:invoices.number'), render: (i) => `#${i.id}` },
      {
        key: 'center_name',
        header: t('platformBilling:invoices.centre'),
        render: (i) => (
          <Anchor component={Link} to={paths.center.to({ centreId: i.center_id })}>
            {i.center_name}
          </Anchor>
        ),
      },
      { key: 'plan_name', header: t('platformBilling:invoices.plan'), render: (i) => i.plan_name ?? '—' },
      {
        key: 'period_start',
        header: t('platformBilling:invoices.period'),
        render: (i) => `${billingDay(i.period_start)} – ${billingDay(i.period_end)}`,
      },
      { key: 'due_date', header: t('platformBilling:invoices.due'), render: (i) => billingDay(i.due_date) },
      { key: 'amount', header: t('platformBilling:invoices.amount'), render: (i) => <MoneyText value={i.amount} /> },
      { key: 'balance', header: t('platformBilling:invoices.balance'), render: (i) => <MoneyText value={i.balance} /> },
      {
        key: 'status',
        header: t('platformBilling:invoices.status'),
        render: (i) => <InvoiceStatusBadge status={i.status} dueDate={i.due_date} />,
      },
    ],
    [t],
  );

  const result = data?.getCenterInvoices;
  const resetPage = () => setPage((p) => ({ ...p, page: 1 }));
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('platformBilling:invoices.title')}
        </Title>
        <Text c="dimmed">{t('platformBilling:invoices.lead')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg" data-testid="centre-invoices">
        <DataTable
          label={t('platformBilling:invoices.title')}
          rows={result?.data ?? []}
          columns={columns}
          rowKey={(i) => i.id}
          loading={fetching}
          toolbar={
            <Group gap="xs" wrap="wrap">
              <CentreFilter
                value={centre}
                onChange={(id) => {
                  setCentre(id);
                  resetPage();
                }}
              />
              <Select
                aria-label={t('platformBilling:filters.status')}
                placeholder={t('platformBilling:filters.allStatuses')}
                data={STATUSES.map((s) => ({ value: s, label: t(`platformBilling:invoiceStatus.${s}`) }))}
                value={status}
                onChange={(v) => {
                  setStatus(v);
                  resetPage();
                }}
                clearable
                size="sm"
                w={{ base: '100%', xs: 160 }}
                data-testid="invoice-status-filter"
              />
            </Group>
          }
          server={{ paginatorInfo: result?.paginatorInfo ?? null, onPage: setPage }}
        />
      </Card>
    </Stack>
  );
}
