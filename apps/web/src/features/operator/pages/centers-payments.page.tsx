import { Anchor, Button, Card, Group, Select, Stack, Text, Title } from '@mantine/core';
import { PAGE_SIZE_DEFAULT, roleAtLeast } from '@kv/shared';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { DateTimeText, MoneyText } from '../../../components/formatted';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { useViewer } from '../../../lib/shell-context';
import { ApprovePaymentMutation, CenterPaymentsQuery, type CenterPaymentItem } from '../api/center-billing';
import { PaymentStatusBadge } from '../../../components/platform-billing-status';
import { CentreFilter } from '../components/centre-filter';

const STATUSES = ['pending', 'succeeded', 'failed'] as const;
const METHODS = ['card', 'transfer', 'cheque'] as const;

/**
 * /centers-payments (admin): centres' payments to the platform, newest first, by centre, status
 * and method; a pending transfer or cheque is approved here once the money arrived.
 */
export function CentersPaymentsPage() {
  const { t } = useTranslation(['platformBilling', 'common']);
  const isAdmin = roleAtLeast(useViewer().role, 'admin');
  const [page, setPage] = useState({ page: 1, first: PAGE_SIZE_DEFAULT });
  const [centre, setCentre] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [method, setMethod] = useState<string | null>(null);
  const [approving, setApproving] = useState<string | null>(null);
  const [, approve] = useMutation(ApprovePaymentMutation);
  const [{ data, fetching }, refetch] = useQuery({
    query: CenterPaymentsQuery,
    variables: { ...page, center_id: centre, status, method },
    requestPolicy: 'cache-and-network',
  });

  const columns = useMemo<DataTableColumn<CenterPaymentItem>[]>(
    () => [
      { key: 'created_at', header: t('platformBilling:payments.date'), render: (p) => <DateTimeText value={p.created_at} /> },
      {
        key: 'center_name',
        header: t('platformBilling:invoices.centre'),
        render: (p) => (
          <Anchor component={Link} to={paths.center.to({ centreId: p.center_id })}>
            {p.center_name}
          </Anchor>
        ),
      },
      { key: 'invoice_id', header: t('platformBilling:payments.invoice'), render: (p) => (p.invoice_id ? `#${p.invoice_id}` : '—') },
      { key: 'amount', header: t('platformBilling:invoices.amount'), render: (p) => <MoneyText value={p.amount} /> },
      {
        key: 'method',
        header: t('platformBilling:payments.method'),
        render: (p) => t(`platformBilling:methods.${p.method}`, { defaultValue: p.method }),
      },
      { key: 'reference', header: t('platformBilling:payments.reference'), render: (p) => p.reference ?? '—' },
      {
        key: 'status',
        header: t('platformBilling:invoices.status'),
        render: (p) => (
          <Stack gap={2}>
            <PaymentStatusBadge status={p.status} />
            {p.failure_message ? (
              <Text size="xs" c="dimmed">
                {p.failure_message}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        key: 'added_by',
        header: t('platformBilling:payments.by'),
        render: (p) => (
          <Stack gap={0}>
            <Text size="sm">{p.added_by ?? '—'}</Text>
            {p.approved_by ? (
              <Text size="xs" c="dimmed">
                {t('platformBilling:payments.approvedBy', { name: p.approved_by })}
              </Text>
            ) : null}
          </Stack>
        ),
      },
      {
        key: 'actions',
        header: t('platformBilling:payments.actions'),
        render: (p) =>
          isAdmin && p.status === 'pending' && p.method !== 'card' ? (
            <Button
              size="xs"
              color="success"
              loading={approving === p.id}
              data-testid={`approve-payment-${p.id}`}
              onClick={async () => {
                setApproving(p.id);
                const result = await approve({ id: p.id });
                setApproving(null);
                if (reportMutationError(result.error, t)) return;
                if (result.data) showNotice(result.data.approveCenterPayment);
                refetch({ requestPolicy: 'network-only' });
              }}
            >
              {t('platformBilling:payments.approve')}
            </Button>
          ) : null,
      },
    ],
    [t, isAdmin, approving, approve, refetch],
  );

  const result = data?.getCenterPayments;
  const resetPage = () => setPage((p) => ({ ...p, page: 1 }));
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('platformBilling:payments.title')}
        </Title>
        <Text c="dimmed">{t('platformBilling:payments.lead')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg" data-testid="centre-payments">
        <DataTable
          label={t('platformBilling:payments.title')}
          rows={result?.data ?? []}
          columns={columns}
          rowKey={(p) => p.id}
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
                data={STATUSES.map((s) => ({ value: s, label: t(`platformBilling:paymentStatus.${s}`) }))}
                value={status}
                onChange={(v) => {
                  setStatus(v);
                  resetPage();
                }}
                clearable
                size="sm"
                w={{ base: '100%', xs: 160 }}
                data-testid="payment-status-filter"
              />
              <Select
                aria-label={t('platformBilling:filters.method')}
                placeholder={t('platformBilling:filters.allMethods')}
                data={METHODS.map((m) => ({ value: m, label: t(`platformBilling:methods.${m}`) }))}
                value={method}
                onChange={(v) => {
                  setMethod(v);
                  resetPage();
                }}
                clearable
                size="sm"
                w={{ base: '100%', xs: 160 }}
                data-testid="payment-method-filter"
              />
            </Group>
          }
          server={{ paginatorInfo: result?.paginatorInfo ?? null, onPage: setPage }}
        />
      </Card>
    </Stack>
  );
}
