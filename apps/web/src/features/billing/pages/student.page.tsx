import { Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { DataTable } from '../../../components/data-table/data-table';
import type {
  BillingAccountQuery as AccountData,
  BillingCreditsQuery as CreditsData,
  BillingUpcomingQuery as UpcomingData,
} from '../../../graphql/generated/tenant-api';
import {
  ApplyCreditMutation,
  BillingAccountQuery,
  BillingCreditsQuery,
  BillingInvoicesQuery,
  BillingPlansQuery,
  BillingStudentInvoicesQuery,
  BillingStudentPaymentsQuery,
  BillingTemplatesQuery,
  BillingUpcomingQuery,
  CreatePlanMutation,
  SendReminderMutation,
} from '../api/billing.graphql';
import { InvoiceActions, type InvoiceRow } from '../components/invoice-actions';
import { PayerSharesEditor } from '../components/payer-shares';
import { PaymentActions, RecordPaymentForm, type PaymentRow } from '../components/payment-forms';
import { StudentShell } from '../components/student-shell';
import { day, money, moneyField, today, writeOutcome } from '../lib/billing';
import { planColumns } from './students.page';
import { AmountInput, PeriodSelect, TextField } from '../components/form-fields';

const useStudentId = () => useParams<{ studentId: string }>().studentId ?? '';
/** A counter the page bumps after a write, so the shell reads the account's figures again. */
const useVersion = () => useReducer((n: number) => n + 1, 0);

/** Refetches every billing query of the page after a write (the ledger moved). */
const fresh = { requestPolicy: 'network-only' } as const;

function invoiceColumns(t: (k: string, o?: Record<string, unknown>) => string, done: () => void) {
  return [
    { key: 'date', header: t('fields.date'), render: (r: InvoiceRow) => day(r.date) },
    { key: 'due_date', header: t('fields.dueDate'), render: (r: InvoiceRow) => day(r.due_date) },
    {
      key: 'items',
      header: t('fields.items'),
      sortable: false,
      value: (r: InvoiceRow) => r.items.map((i) => i.name).join(', '),
      render: (r: InvoiceRow) => (
        <Stack gap={0}>
          {r.items.map((i) => (
            <Text key={i.id} size="sm">
              {i.name} · {money(i.amount)}
            </Text>
          ))}
          {r.note ? (
            <Text size="xs" c="dimmed">
              {r.note}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: 'total', header: t('fields.total'), render: (r: InvoiceRow) => money(r.total) },
    { key: 'paid', header: t('fields.paid'), render: (r: InvoiceRow) => money(r.paid) },
    { key: 'balance', header: t('fields.balance'), render: (r: InvoiceRow) => money(r.balance) },
    { key: 'status', header: t('fields.status'), render: (r: InvoiceRow) => t(`status.${r.status}`, { defaultValue: r.status }) },
    {
      key: 'payers',
      header: t('fields.payers'),
      sortable: false,
      value: (r: InvoiceRow) => r.payers.map((p) => p.name).join(', '),
      render: (r: InvoiceRow) => r.payers.map((p) => `${p.name}: ${money(p.amount)}`).join(' · '),
    },
    {
      key: 'actions',
      header: '',
      sortable: false,
      searchable: false,
      render: (r: InvoiceRow) => <InvoiceActions invoice={r} done={done} />,
    },
  ];
}

/** /billing/student/:studentId (and /overview): the account's figures, record a payment, remind, apply credit. */
export function StudentOverviewPage() {
  const { t } = useTranslation('billing');
  const studentId = useStudentId();
  const [version, bump] = useVersion();
  const [{ data }, refetch] = useQuery({ query: BillingPlansQuery, variables: { student_id: studentId } });
  const [, remind] = useMutation(SendReminderMutation);
  const [, applyCredit] = useMutation(ApplyCreditMutation);
  const reload = () => {
    refetch(fresh);
    bump();
  };
  return (
    <StudentShell studentId={studentId} section="overview" version={version}>
      <Paper withBorder p="sm">
        <RecordPaymentForm studentId={studentId} done={reload} />
      </Paper>
      <Group gap="xs" wrap="wrap">
        <Button
          variant="light"
          onClick={async () => writeOutcome(await remind({ student_id: studentId }), [])}
          data-testid="student-remind"
        >
          {t('unpaid.remind')}
        </Button>
        <Button variant="light" onClick={async () => writeOutcome(await applyCredit({ student_id: studentId }), []).ok && reload()}>
          {t('credits.apply')}
        </Button>
      </Group>
      <Text fw={600}>{t('plans.title')}</Text>
      <DataTable label={t('plans.title')} rows={data?.getBillingPlans ?? []} rowKey={(r) => r.id} columns={planColumns(t, reload, false)} />
    </StudentShell>
  );
}

/** /open-invoices: what the child still owes, invoice by invoice, with the invoice actions. */
export function StudentOpenInvoicesPage() {
  const { t } = useTranslation('billing');
  const studentId = useStudentId();
  const [version, bump] = useVersion();
  const [{ data, fetching }, refetch] = useQuery({
    query: BillingStudentInvoicesQuery,
    variables: { id: studentId },
    requestPolicy: 'cache-and-network',
  });
  const rows = (data?.getStudentAllInvoices ?? []).filter((i) => i.status === 'open');
  return (
    <StudentShell studentId={studentId} section="openInvoices" version={version}>
      <DataTable<InvoiceRow>
        label={t('student.sections.openInvoices')}
        rows={rows}
        loading={fetching}
        rowKey={(r) => r.id}
        columns={invoiceColumns(t, () => (refetch(fresh), bump()))}
      />
    </StudentShell>
  );
}

type CreditRow = CreditsData['getCredits'][number];

/** /available-credits: money paid and on no invoice, payment by payment. */
export function StudentCreditsPage() {
  const { t } = useTranslation('billing');
  const studentId = useStudentId();
  const [version, bump] = useVersion();
  const [{ data, fetching }, refetch] = useQuery({
    query: BillingCreditsQuery,
    variables: { student_id: studentId },
    requestPolicy: 'cache-and-network',
  });
  const [, applyCredit] = useMutation(ApplyCreditMutation);
  return (
    <StudentShell studentId={studentId} section="availableCredits" version={version}>
      <Group>
        <Button
          variant="light"
          disabled={!data?.getCredits.length}
          onClick={async () => writeOutcome(await applyCredit({ student_id: studentId }), []).ok && (refetch(fresh), bump())}
        >
          {t('credits.apply')}
        </Button>
      </Group>
      <DataTable<CreditRow>
        label={t('student.sections.availableCredits')}
        rows={data?.getCredits ?? []}
        loading={fetching}
        rowKey={(r) => r.payment_id}
        columns={[
          { key: 'date', header: t('fields.date'), render: (r) => day(r.date) },
          { key: 'method', header: t('fields.method'), render: (r) => t(`methods.${r.method}`, { defaultValue: r.method }) },
          { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
        ]}
      />
    </StudentShell>
  );
}

/** /invoices: every invoice of the child, newest first, a page at a time. */
export function StudentInvoicesPage() {
  const { t } = useTranslation('billing');
  const studentId = useStudentId();
  const [version, bump] = useVersion();
  const [paging, setPaging] = useState({ page: 1, first: 25 });
  const [{ data, fetching }, refetch] = useQuery({
    query: BillingInvoicesQuery,
    variables: { student_id: studentId, ...paging },
    requestPolicy: 'cache-and-network',
  });
  return (
    <StudentShell studentId={studentId} section="invoices" version={version}>
      <DataTable<InvoiceRow>
        label={t('student.sections.invoices')}
        rows={data?.getInvoices.data ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        server={{ paginatorInfo: data?.getInvoices.paginatorInfo ?? null, onPage: setPaging }}
        columns={invoiceColumns(t, () => (refetch(fresh), bump()))}
      />
    </StudentShell>
  );
}

/** /payments: the child's payments with void, partial refund and unapply. */
export function StudentPaymentsPage() {
  const { t } = useTranslation('billing');
  const studentId = useStudentId();
  const [version, bump] = useVersion();
  const [{ data, fetching }, refetch] = useQuery({
    query: BillingStudentPaymentsQuery,
    variables: { id: studentId },
    requestPolicy: 'cache-and-network',
  });
  const reload = () => (refetch(fresh), bump());
  return (
    <StudentShell studentId={studentId} section="payments" version={version}>
      <Paper withBorder p="sm">
        <RecordPaymentForm studentId={studentId} done={reload} />
      </Paper>
      <DataTable<PaymentRow>
        label={t('student.sections.payments')}
        rows={data?.getStudentAllPayments ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        columns={[
          { key: 'date', header: t('fields.date'), render: (r) => day(r.date) },
          { key: 'method', header: t('fields.method'), render: (r) => t(`methods.${r.method}`, { defaultValue: r.method }) },
          { key: 'reference', header: t('fields.reference'), render: (r) => r.reference ?? '' },
          { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
          { key: 'applied', header: t('fields.applied'), render: (r) => money(r.applied) },
          { key: 'unapplied', header: t('fields.unapplied'), render: (r) => money(r.unapplied) },
          { key: 'refunded', header: t('fields.refunded'), render: (r) => money(r.refunded) },
          { key: 'status', header: t('fields.status'), render: (r) => t(`status.${r.status}`, { defaultValue: r.status }) },
          { key: 'actions', header: '', sortable: false, searchable: false, render: (r) => <PaymentActions payment={r} done={reload} /> },
        ]}
      />
    </StudentShell>
  );
}

type UpcomingRow = UpcomingData['getStudentUpcomingInvoices'][number];

/** /upcoming-invoices: each plan's next invoice. */
export function StudentUpcomingPage() {
  const { t } = useTranslation('billing');
  const studentId = useStudentId();
  const [{ data, fetching }] = useQuery({
    query: BillingUpcomingQuery,
    variables: { student_id: studentId },
    requestPolicy: 'cache-and-network',
  });
  return (
    <StudentShell studentId={studentId} section="upcomingInvoices">
      <DataTable<UpcomingRow>
        label={t('student.sections.upcomingInvoices')}
        rows={data?.getStudentUpcomingInvoices ?? []}
        loading={fetching}
        rowKey={(r) => `${r.plan_id}:${r.period_start}`}
        columns={[
          { key: 'date', header: t('fields.date'), render: (r) => day(r.date) },
          { key: 'name', header: t('fields.plan') },
          { key: 'period_start', header: t('fields.period'), render: (r) => `${day(r.period_start)} – ${day(r.period_end)}` },
          { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
        ]}
      />
    </StudentShell>
  );
}

type LedgerRow = AccountData['getAccountDetails']['transactions'][number];

/** /account-detail: the child's ledger, entry by entry. */
export function StudentAccountDetailPage() {
  const { t } = useTranslation('billing');
  const studentId = useStudentId();
  const [{ data, fetching }] = useQuery({
    query: BillingAccountQuery,
    variables: { student_id: studentId },
    requestPolicy: 'cache-and-network',
  });
  return (
    <StudentShell studentId={studentId} section="accountDetail">
      <DataTable<LedgerRow>
        label={t('student.sections.accountDetail')}
        rows={data?.getAccountDetails.transactions ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        columns={[
          { key: 'created_at', header: t('fields.date'), render: (r) => day(r.created_at) },
          { key: 'kind', header: t('fields.kind'), render: (r) => t(`kinds.${r.kind}`, { defaultValue: r.kind }) },
          { key: 'reason', header: t('fields.reason'), render: (r) => r.reason ?? '' },
          { key: 'amount', header: t('fields.amount'), render: (r) => money(r.amount) },
        ]}
      />
    </StudentShell>
  );
}

/** /plans-detail: the child's plans (pause, unpause, deactivate) and a new plan (from a template or its own). */
export function StudentPlansPage() {
  const { t } = useTranslation('billing');
  const studentId = useStudentId();
  const [{ data, fetching }, refetch] = useQuery({ query: BillingPlansQuery, variables: { student_id: studentId } });
  const [{ data: account }] = useQuery({ query: BillingAccountQuery, variables: { student_id: studentId } });
  const location = account?.getAccountDetails.location_id;
  const [{ data: templates }] = useQuery({ query: BillingTemplatesQuery, variables: { location_id: location ?? '' }, pause: !location });
  const [, create] = useMutation(CreatePlanMutation);
  const [template, setTemplate] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [period, setPeriod] = useState<string>('monthly');
  const [start, setStart] = useState(today());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const reload = () => refetch(fresh);
  async function add() {
    let cents: number | null = null;
    if (!template) {
      const parsed = moneyField(amount);
      if (parsed.error !== null) return setErrors({ amount: parsed.error });
      cents = parsed.cents;
    }
    const outcome = writeOutcome(
      await create({
        student_id: studentId,
        template_id: template,
        name: template ? null : name,
        amount: cents,
        period: template ? null : period,
        start_date: start,
      }),
      ['template_id', 'name', 'amount', 'period', 'start_date'],
    );
    setErrors(outcome.errors);
    if (outcome.ok) {
      setName('');
      setAmount('');
      reload();
    }
  }
  return (
    <StudentShell studentId={studentId} section="plansDetail">
      <Paper withBorder p="sm">
        <Group align="flex-start" wrap="wrap">
          <Select
            label={t('fields.template')}
            data={(templates?.getPlanTemplates ?? []).map((x) => ({ value: x.id, label: `${x.name} · ${money(x.amount)}` }))}
            value={template}
            onChange={setTemplate}
            clearable
            error={errors.template_id}
          />
          {template ? null : (
            <>
              <TextField label={t('fields.name')} value={name} onChange={setName} error={errors.name} />
              <AmountInput value={amount} onChange={setAmount} error={errors.amount} w={120} />
              <PeriodSelect value={period} onChange={setPeriod} error={errors.period} />
            </>
          )}
          <TextField type="date" label={t('fields.startDate')} value={start} onChange={setStart} error={errors.start_date} w={170} />
          <Button mt={24} onClick={add}>
            {t('plans.add')}
          </Button>
        </Group>
      </Paper>
      <DataTable
        label={t('plans.title')}
        rows={data?.getBillingPlans ?? []}
        loading={fetching}
        rowKey={(r) => r.id}
        columns={planColumns(t, reload, false)}
      />
    </StudentShell>
  );
}

/** /payers-detail: who pays what (payer shares editor). */
export function StudentPayersPage() {
  const studentId = useStudentId();
  return (
    <StudentShell studentId={studentId} section="payersDetail">
      <PayerSharesEditor studentId={studentId} />
    </StudentShell>
  );
}
