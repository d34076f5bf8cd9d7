import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import type { BillingStudentPaymentsQuery } from '../../../graphql/generated/tenant-api';
import { RefundPaymentMutation, SavePaymentMutation, UnapplyMutation, VoidPaymentMutation } from '../api/billing.graphql';
import { day, money, moneyField, today, writeOutcome } from '../lib/billing';
import { ActionMenu, type MenuAction } from './action-menu';
import { AmountInput, TextField } from './form-fields';

export const METHODS = ['cash', 'check', 'ach'] as const;

/** Records a cash, check or ACH payment: applied to the oldest open invoices, the rest kept as credit. */
export function RecordPaymentForm({ studentId, done }: { studentId: string; done(): void }) {
  const { t } = useTranslation('billing');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<string>('cash');
  const [date, setDate] = useState(today());
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [{ fetching }, save] = useMutation(SavePaymentMutation);
  async function submit() {
    const cents = moneyField(amount);
    if (cents.error !== null) return setErrors({ amount: cents.error });
    const outcome = writeOutcome(await save({ student_id: studentId, amount: cents.cents, method, date, reference: reference || null }), [
      'amount',
      'method',
      'date',
      'reference',
      'invoice_ids',
      'student_id',
    ]);
    setErrors(outcome.errors);
    if (outcome.ok) {
      setAmount('');
      setReference('');
      done();
    }
  }
  return (
    <Stack gap="xs" data-testid="record-payment">
      <Text fw={600}>{t('payments.record')}</Text>
      <Group align="flex-start" wrap="wrap">
        <AmountInput value={amount} onChange={setAmount} error={errors.amount} w={140} data-testid="payment-amount" />
        <Select
          label={t('fields.method')}
          data={METHODS.map((m) => ({ value: m, label: t(`methods.${m}`) }))}
          value={method}
          onChange={(v) => v && setMethod(v)}
          allowDeselect={false}
          error={errors.method}
          w={140}
          data-testid="payment-method"
        />
        <TextField type="date" label={t('fields.date')} value={date} onChange={setDate} error={errors.date} w={170} />
        <TextField label={t('fields.reference')} value={reference} onChange={setReference} error={errors.reference} w={160} />
        <Button mt={24} onClick={submit} loading={fetching} data-testid="payment-save">
          {t('payments.save')}
        </Button>
      </Group>
      {errors.student_id || errors.invoice_ids ? (
        <Text size="sm" c="danger" role="alert">
          {errors.student_id ?? errors.invoice_ids}
        </Text>
      ) : null}
    </Stack>
  );
}

type PaymentAction = 'void' | 'refund' | 'unapply';
export type PaymentRow = BillingStudentPaymentsQuery['getStudentAllPayments'][number];

/** A payment's actions: void, refund (partial), take it off one of its invoices (unapply). */
export function PaymentActions({ payment, done }: { payment: PaymentRow; done(): void }) {
  const { t } = useTranslation('billing');
  if (payment.status === 'void') return null;
  const actions: MenuAction<PaymentAction>[] = [
    { action: 'refund', label: t('payments.refund') },
    ...(payment.applications.length ? [{ action: 'unapply' as const, label: t('payments.unapply') }] : []),
    // A card payment goes back through Stripe with a refund; the server refuses to void it (PAID_BY_CARD).
    ...(payment.method === 'card' ? [] : [{ action: 'void' as const, label: t('payments.void'), danger: true }]),
  ];
  return (
    <ActionMenu
      testId={`payment-actions-${payment.id}`}
      actions={actions}
      title={(action) => t(`payments.${action}`)}
      form={(action, finished) => <PaymentActionForm action={action} payment={payment} done={finished} />}
      done={done}
    />
  );
}

function PaymentActionForm({ action, payment, done }: { action: PaymentAction; payment: PaymentRow; done(): void }) {
  const { t } = useTranslation('billing');
  const [reason, setReason] = useState('');
  const [amount, setAmount] = useState('');
  const [invoice, setInvoice] = useState<string | null>(payment.applications[0]?.invoice_id ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [, voidPayment] = useMutation(VoidPaymentMutation);
  const [, refund] = useMutation(RefundPaymentMutation);
  const [, unapply] = useMutation(UnapplyMutation);
  async function submit() {
    let outcome: { ok: boolean; errors: Record<string, string> };
    if (action === 'void') outcome = writeOutcome(await voidPayment({ id: payment.id, reason: reason || null }), ['reason', 'id']);
    else if (action === 'refund') {
      const cents = moneyField(amount);
      if (cents.error !== null) return setErrors({ amount: cents.error });
      outcome = writeOutcome(await refund({ id: payment.id, amount: cents.cents, reason: reason || null }), ['amount', 'reason', 'id']);
    } else {
      if (!invoice) return setErrors({ invoice_id: t('errors.chooseInvoice') });
      outcome = writeOutcome(await unapply({ payment_id: payment.id, invoice_id: invoice }), ['invoice_id', 'payment_id']);
    }
    setErrors(outcome.errors);
    if (outcome.ok) done();
  }
  return (
    <Stack>
      <Text size="sm">
        {t('payments.summary', {
          date: day(payment.date),
          amount: money(payment.amount),
          left: money(payment.amount - payment.refunded),
        })}
      </Text>
      {action === 'refund' ? (
        <AmountInput value={amount} onChange={setAmount} error={errors.amount} required data-testid="refund-amount" />
      ) : null}
      {action === 'unapply' ? (
        <Select
          label={t('fields.invoice')}
          data={payment.applications.map((a) => ({ value: a.invoice_id, label: `#${a.invoice_id} · ${money(a.amount)}` }))}
          value={invoice}
          onChange={setInvoice}
          error={errors.invoice_id}
        />
      ) : (
        <TextField label={t('fields.reason')} value={reason} onChange={setReason} error={errors.reason} />
      )}
      {errors.id || errors.payment_id ? (
        <Text size="sm" c="danger" role="alert">
          {errors.id ?? errors.payment_id}
        </Text>
      ) : null}
      <Button onClick={submit} color={action === 'void' ? 'danger' : undefined} data-testid="payment-action-save">
        {t('actions.save')}
      </Button>
    </Stack>
  );
}
