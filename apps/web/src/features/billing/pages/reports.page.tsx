import { Button, Group, Paper, SimpleGrid, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useClient, useQuery, type AnyVariables, type TypedDocumentNode } from 'urql';
import { AppLink } from '../../../components/app-link';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import type * as G from '../../../graphql/generated/tenant-api';
import { paths } from '../../../lib/paths';
import {
  BalanceReportQuery,
  InvoiceReportQuery,
  PaymentReportQuery,
  SummaryReportQuery,
  TransactionReportQuery,
} from '../api/billing.graphql';
import { BillingPage } from '../components/billing-tabs';
import { day, downloadCsv, money, defaultFrom, today, useBillingLocation, writeOutcome } from '../lib/billing';

const REPORTS = [
  { key: 'balance', to: paths.reportBalance.to() },
  { key: 'transactions', to: paths.reportTransactions.to() },
  { key: 'invoices', to: paths.reportInvoices.to() },
  { key: 'payments', to: paths.reportPayments.to() },
  { key: 'summary', to: paths.reportBillingSummary.to() },
] as const;

/** /billing/billing-reports: the five billing reports. */
export function BillingReportsPage() {
  const { t } = useTranslation('billing');
  return (
    <BillingPage title={t('reports.title')} testId="billing-reports">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {REPORTS.map((r) => (
          <Paper key={r.key} withBorder p="md">
            <Text fw={600}>{t(`reports.${r.key}.title`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`reports.${r.key}.lead`)}
            </Text>
            <Button component={Link} to={r.to} variant="light" size="xs" mt="sm" data-testid={`report-link-${r.key}`}>
              {t('actions.open')}
            </Button>
          </Paper>
        ))}
      </SimpleGrid>
    </BillingPage>
  );
}

type ReportVars = { location_id: string; from: string; to: string; page?: number | null; first?: number | null; csv?: boolean | null };
interface ReportShape<Row> {
  report: {
    data: Row[];
    totals: Record<string, number | string>;
    paginatorInfo: { currentPage: number; lastPage: number; perPage: number; total: number };
    csv?: { filename: string; content_type: string; content: string } | null;
  };
}

/** A billing report: date range, the location of the top bar, totals, CSV download, paginated rows. */
function ReportPage<Row>({
  kind,
  query,
  columns,
  rowKey,
  totals,
}: {
  kind: (typeof REPORTS)[number]['key'];
  query: TypedDocumentNode<ReportShape<Row>, ReportVars & AnyVariables>;
  columns: DataTableColumn<Row>[];
  rowKey(row: Row): string;
  /** Total fields (money, except `entries`). */
  totals: readonly string[];
}) {
  const { t } = useTranslation('billing');
  const client = useClient();
  const location = useBillingLocation();
  const [from, setFrom] = useState(defaultFrom());
  const [to, setTo] = useState(today());
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [{ data, fetching, error }] = useQuery({
    query,
    variables: { location_id: location ?? '', from, to, ...paging },
    pause: !location || !from || !to,
    requestPolicy: 'cache-and-network',
  });
  const errors: Record<string, string> = {};
  for (const e of error?.graphQLErrors ?? []) {
    const field = e.extensions?.field;
    if (typeof field === 'string') errors[field] = e.message;
  }
  async function csv() {
    if (!location) return;
    const result = await client
      .query(query, { location_id: location, from, to, page: 1, first: 25, csv: true }, { requestPolicy: 'network-only' })
      .toPromise();
    if (result.error) return writeOutcome(result, []);
    const file = result.data?.report.csv;
    if (file) downloadCsv(file);
  }
  const report = data?.report;
  return (
    <BillingPage title={t(`reports.${kind}.title`)} testId={`report-${kind}`}>
      <AppLink to={paths.billingBillingReports.to()}>{t('reports.all')}</AppLink>
      <Group align="flex-start" wrap="wrap">
        <TextInput
          type="date"
          label={t('fields.from')}
          value={from}
          onChange={(e) => (setFrom(e.currentTarget.value), setPaging((p) => ({ ...p, page: 1 })))}
          error={errors.from}
          data-testid="report-from"
        />
        <TextInput
          type="date"
          label={t('fields.to')}
          value={to}
          onChange={(e) => (setTo(e.currentTarget.value), setPaging((p) => ({ ...p, page: 1 })))}
          error={errors.to}
          data-testid="report-to"
        />
        <Button mt={24} variant="light" onClick={csv} data-testid="report-csv">
          {t('reports.csv')}
        </Button>
      </Group>
      {report ? (
        <SimpleGrid
          cols={{ base: 2, sm: totals.length }}
          spacing="xs"
          role="group"
          aria-label={t('reports.totals')}
          data-testid="report-totals"
        >
          {totals.map((k) => (
            <Paper key={k} withBorder p="xs">
              <Text size="xs" c="dimmed">
                {t(`totals.${k}`)}
              </Text>
              <Text fw={700} data-testid={`report-total-${k}`}>
                {k === 'entries' ? String(report.totals[k]) : money(Number(report.totals[k]))}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      ) : null}
      <DataTable<Row>
        label={t(`reports.${kind}.title`)}
        rows={report?.data ?? []}
        loading={fetching}
        rowKey={rowKey}
        server={{ paginatorInfo: report?.paginatorInfo ?? null, onPage: setPaging }}
        columns={columns}
      />
    </BillingPage>
  );
}

const studentLink = (r: { student_id: string; student_name: string }) => (
  <AppLink to={paths.billingStudentAccountDetail.to({ studentId: r.student_id })}>{r.student_name}</AppLink>
);

export function BalanceReportPage() {
  const { t } = useTranslation('billing');
  return (
    <ReportPage<G.BillingBalanceReportQuery['report']['data'][number]>
      kind="balance"
      query={BalanceReportQuery}
      rowKey={(r) => r.student_id}
      totals={['opening', 'charges', 'payments', 'adjustments', 'closing']}
      columns={[
        { key: 'student_name', header: t('fields.student'), render: studentLink },
        { key: 'opening', header: t('totals.opening'), render: (r) => money(r.opening) },
        { key: 'charges', header: t('totals.charges'), render: (r) => money(r.charges) },
        { key: 'payments', header: t('totals.payments'), render: (r) => money(r.payments) },
        { key: 'adjustments', header: t('totals.adjustments'), render: (r) => money(r.adjustments) },
        { key: 'closing', header: t('totals.closing'), render: (r) => money(r.closing) },
      ]}
    />
  );
}

export function TransactionReportPage() {
  const { t } = useTranslation('billing');
  return (
    <ReportPage<G.BillingTransactionReportQuery['report']['data'][number]>
      kind="transactions"
      query={TransactionReportQuery}
      rowKey={(r) => r.id}
      totals={['amount']}
      columns={[
        { key: 'created_at', header: t('fields.date'), render: (r) => day(r.created_at) },
        { key: 'student_name', header: t('fields.student'), render: studentLink },
        { key: 'kind', header: t('fields.kind'), render: (r) => t(`kinds.${r.kind}`, { defaultValue: r.kind }) },
        { key: 'reason', header: t('fields.reason'), render: (r) => r.reason ?? '' },
        { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
      ]}
    />
  );
}

export function InvoiceReportPage() {
  const { t } = useTranslation('billing');
  return (
    <ReportPage<G.BillingInvoiceReportQuery['report']['data'][number]>
      kind="invoices"
      query={InvoiceReportQuery}
      rowKey={(r) => r.id}
      totals={['total', 'paid', 'balance']}
      columns={[
        { key: 'date', header: t('fields.date'), render: (r) => day(r.date) },
        { key: 'due_date', header: t('fields.dueDate'), render: (r) => day(r.due_date) },
        { key: 'student_name', header: t('fields.student'), render: studentLink },
        { key: 'status', header: t('fields.status'), render: (r) => t(`status.${r.status}`, { defaultValue: r.status }) },
        { key: 'total', header: t('totals.total'), render: (r) => money(r.total) },
        { key: 'paid', header: t('totals.paid'), render: (r) => money(r.paid) },
        { key: 'balance', header: t('totals.balance'), render: (r) => money(r.balance) },
      ]}
    />
  );
}

export function PaymentReportPage() {
  const { t } = useTranslation('billing');
  return (
    <ReportPage<G.BillingPaymentReportQuery['report']['data'][number]>
      kind="payments"
      query={PaymentReportQuery}
      rowKey={(r) => r.id}
      totals={['amount', 'applied', 'unapplied', 'refunded', 'net']}
      columns={[
        { key: 'date', header: t('fields.date'), render: (r) => day(r.date) },
        { key: 'student_name', header: t('fields.student'), render: studentLink },
        { key: 'method', header: t('fields.method'), render: (r) => t(`methods.${r.method}`, { defaultValue: r.method }) },
        { key: 'status', header: t('fields.status'), render: (r) => t(`status.${r.status}`, { defaultValue: r.status }) },
        { key: 'amount', header: t('totals.amount'), render: (r) => money(r.amount) },
        { key: 'refunded', header: t('totals.refunded'), render: (r) => money(r.refunded) },
        { key: 'net', header: t('totals.net'), render: (r) => money(r.net) },
      ]}
    />
  );
}

export function SummaryReportPage() {
  const { t } = useTranslation('billing');
  return (
    <ReportPage<G.BillingSummaryReportQuery['report']['data'][number]>
      kind="summary"
      query={SummaryReportQuery}
      rowKey={(r) => `${r.kind}:${r.category ?? ''}`}
      totals={['entries', 'amount']}
      columns={[
        { key: 'kind', header: t('fields.kind'), render: (r) => t(`kinds.${r.kind}`, { defaultValue: r.kind }) },
        { key: 'category', header: t('fields.category'), render: (r) => r.category ?? '' },
        { key: 'entries', header: t('totals.entries') },
        { key: 'amount', header: t('totals.amount'), render: (r) => money(r.amount) },
      ]}
    />
  );
}
