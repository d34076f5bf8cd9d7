import { Button, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { AppLink } from '../../../components/app-link';
import { DataTable } from '../../../components/data-table/data-table';
import { paths } from '../../../lib/paths';
import type { BillingInvoicesQuery, BillingPaymentsQuery } from '../../../graphql/generated/tenant-api';
import {
  BillingInvoicesQuery as InvoicesQuery,
  BillingOverviewQuery,
  BillingPaymentsQuery as PaymentsQuery,
  SendReminderMutation,
} from '../api/billing.graphql';
import { BillingPage, SubLinks } from '../components/billing-tabs';
import { day, money, useBillingLocation, writeOutcome } from '../lib/billing';

const FILTERS = ['today', 'week', 'month', 'quarter', 'year', 'all'] as const;

function OverviewLinks() {
  const { t } = useTranslation('billing');
  return (
    <SubLinks
      links={[
        { to: paths.billingOverview.to(), label: t('overview.title') },
        { to: paths.billingOverviewUnpaid.to(), label: t('unpaid.title') },
        { to: paths.billingOverviewPayments.to(), label: t('payments.title') },
      ]}
    />
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

/** /billing and /billing/overview: the location's money (every figure a sum of the ledger). */
export function BillingOverviewPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const [filter, setFilter] = useState<string>('month');
  const [{ data }] = useQuery({
    query: BillingOverviewQuery,
    variables: { location_id: location ?? '', filter },
    pause: !location,
    requestPolicy: 'cache-and-network',
  });
  const o = data?.getBillingOverviewDetails;
  return (
    <BillingPage title={t('overview.title')} sub={<OverviewLinks />} testId="billing-overview">
      <Select
        label={t('overview.period')}
        data={FILTERS.map((f) => ({ value: f, label: t(`overview.filters.${f}`) }))}
        value={filter}
        onChange={(v) => v && setFilter(v)}
        allowDeselect={false}
        maw={240}
        data-testid="billing-overview-filter"
      />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Figure label={t('overview.outstanding')} value={money(o?.outstanding)} testId="overview-outstanding" />
        <Figure label={t('overview.agencyOutstanding')} value={money(o?.agency_outstanding)} testId="overview-agency-outstanding" />
        <Figure label={t('overview.credit')} value={money(o?.credit)} testId="overview-credit" />
        <Figure label={t('overview.balance')} value={money(o?.balance)} testId="overview-balance" />
        <Figure label={t('overview.overdue')} value={money(o?.overdue)} testId="overview-overdue" />
        <Figure label={t('overview.collected')} value={money(o?.collected)} testId="overview-collected" />
        <Figure label={t('overview.openInvoices')} value={String(o?.open_invoices ?? 0)} testId="overview-open-invoices" />
        <Figure label={t('overview.studentsOwing')} value={String(o?.students_owing ?? 0)} testId="overview-students-owing" />
        <Figure
          label={t('overview.failedAutopay')}
          value={`${o?.failed_autopay ?? 0} · ${money(o?.failed_autopay_amount)}`}
          testId="overview-failed-autopay"
        />
      </SimpleGrid>
      <Stack gap="xs">
        <Text fw={600}>{t('overview.byAge')}</Text>
        <DataTable
          label={t('overview.byAge')}
          rows={o?.overdue_by_age ?? []}
          loading={!o && Boolean(location)}
          rowKey={(r) => r.label}
          columns={[
            { key: 'label', header: t('overview.age') },
            { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
            { key: 'invoices', header: t('overview.invoices') },
            { key: 'students', header: t('overview.students') },
          ]}
        />
      </Stack>
      {o ? (
        <Text size="xs" c="dimmed">
          {t('overview.asOf', { date: day(o.date) })}
        </Text>
      ) : null}
    </BillingPage>
  );
}

type InvoiceRow = BillingInvoicesQuery['getInvoices']['data'][number];
type PaymentRow = BillingPaymentsQuery['getPayments']['data'][number];

/** /billing/overview/unpaid: open invoices of the location, with an unpaid reminder per child. */
export function BillingUnpaidPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [{ data, fetching }] = useQuery({
    query: InvoicesQuery,
    variables: { location_id: location, status: 'open', ...paging },
    pause: !location,
    requestPolicy: 'cache-and-network',
  });
  const [, remind] = useMutation(SendReminderMutation);
  return (
    <BillingPage title={t('unpaid.title')} sub={<OverviewLinks />} testId="billing-unpaid">
      <DataTable<InvoiceRow>
        label={t('unpaid.title')}
        rows={data?.getInvoices.data ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getInvoices.paginatorInfo ?? null, onPage: setPaging }}
        columns={[
          {
            key: 'student_name',
            header: t('fields.student'),
            render: (r) => <AppLink to={paths.billingStudentOverview.to({ studentId: r.student_id })}>{r.student_name}</AppLink>,
          },
          { key: 'date', header: t('fields.date'), render: (r) => day(r.date) },
          { key: 'due_date', header: t('fields.dueDate'), render: (r) => day(r.due_date) },
          { key: 'total', header: t('fields.total'), render: (r) => money(r.total) },
          { key: 'balance', header: t('fields.balance'), render: (r) => money(r.balance) },
          {
            key: 'remind',
            header: '',
            sortable: false,
            render: (r) => (
              <Button size="compact-xs" variant="light" onClick={async () => writeOutcome(await remind({ student_id: r.student_id }), [])}>
                {t('unpaid.remind')}
              </Button>
            ),
          },
        ]}
      />
    </BillingPage>
  );
}

/** /billing/overview/payments: payments of the location, newest first. */
export function BillingPaymentsPage() {
  const { t } = useTranslation('billing');
  const location = useBillingLocation();
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [{ data, fetching }] = useQuery({
    query: PaymentsQuery,
    variables: { location_id: location, ...paging },
    pause: !location,
    requestPolicy: 'cache-and-network',
  });
  return (
    <BillingPage title={t('payments.title')} sub={<OverviewLinks />} testId="billing-payments">
      <DataTable<PaymentRow>
        label={t('payments.title')}
        rows={data?.getPayments.data ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getPayments.paginatorInfo ?? null, onPage: setPaging }}
        columns={[
          {
            key: 'student_name',
            header: t('fields.student'),
            render: (r) => <AppLink to={paths.billingStudentPayments.to({ studentId: r.student_id })}>{r.student_name}</AppLink>,
          },
          { key: 'date', header: t('fields.date'), render: (r) => day(r.date) },
          { key: 'method', header: t('fields.method'), render: (r) => t(`methods.${r.method}`, { defaultValue: r.method }) },
          { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
          { key: 'status', header: t('fields.status'), render: (r) => t(`status.${r.status}`, { defaultValue: r.status }) },
        ]}
      />
    </BillingPage>
  );
}
