import { Button, Group, Select, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import type { BillingStudentInvoicesQuery } from '../../../graphql/generated/tenant-api';
import {
  AddItemMutation,
  InvoiceNoteMutation,
  TransferInvoiceMutation,
  VoidInvoiceMutation,
  WaiveInvoiceMutation,
} from '../api/billing.graphql';
import { day, money, moneyField, today, writeOutcome } from '../lib/billing';
import { ActionMenu, type MenuAction } from './action-menu';
import { AmountInput, TextField } from './form-fields';

export type InvoiceRow = BillingStudentInvoicesQuery['getStudentAllInvoices'][number];
type Action = 'void' | 'waive' | 'transfer' | 'item' | 'note';

/** An invoice's actions (void, waive, transfer, add item, note), each a small form with its fields' errors. */
export function InvoiceActions({ invoice, done }: { invoice: InvoiceRow; done(): void }) {
  const { t } = useTranslation('billing');
  const open = invoice.status === 'open';
  const actions: MenuAction<Action>[] = [
    { action: 'note', label: t('invoices.note') },
    ...(open
      ? ([
          { action: 'item', label: t('invoices.addItem') },
          { action: 'waive', label: t('invoices.waive') },
          { action: 'transfer', label: t('invoices.transfer') },
        ] as const)
      : []),
    ...(invoice.status !== 'void' ? [{ action: 'void' as const, label: t('invoices.void'), danger: true }] : []),
  ];
  return (
    <ActionMenu
      testId={`invoice-actions-${invoice.id}`}
      actions={actions}
      title={(action) => t(`invoices.${action === 'item' ? 'addItem' : action}`)}
      form={(action, finished) => <InvoiceActionForm action={action} invoice={invoice} done={finished} />}
      done={done}
    />
  );
}

function InvoiceActionForm({ action, invoice, done }: { action: Action; invoice: InvoiceRow; done(): void }) {
  const { t } = useTranslation('billing');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState(action === 'note' ? (invoice.note ?? '') : '');
  const [date, setDate] = useState(today());
  const [name, setName] = useState('');
  const [amount, setAmount] = useState('');
  const [discount, setDiscount] = useState('');
  const [discountType, setDiscountType] = useState<string>('percent');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [, voidInvoice] = useMutation(VoidInvoiceMutation);
  const [, waive] = useMutation(WaiveInvoiceMutation);
  const [, transfer] = useMutation(TransferInvoiceMutation);
  const [, addItem] = useMutation(AddItemMutation);
  const [, saveNote] = useMutation(InvoiceNoteMutation);

  async function submit() {
    let outcome: { ok: boolean; errors: Record<string, string> };
    if (action === 'void') outcome = writeOutcome(await voidInvoice({ id: invoice.id, reason: reason || null }), ['reason', 'id']);
    else if (action === 'waive')
      outcome = writeOutcome(await waive({ id: invoice.id, reason, note: note || null }), ['reason', 'note', 'id']);
    else if (action === 'transfer')
      outcome = writeOutcome(await transfer({ id: invoice.id, reason, note: note || null, date }), ['reason', 'note', 'date', 'id']);
    else if (action === 'note') outcome = writeOutcome(await saveNote({ id: invoice.id, note: note || null }), ['note', 'id']);
    else {
      const cents = moneyField(amount);
      if (cents.error !== null) return setErrors({ 'item.original_amount': cents.error });
      let value: number | null = null;
      if (discount.trim()) {
        if (discountType === 'fixed') {
          const off = moneyField(discount);
          if (off.error !== null) return setErrors({ 'item.discount': off.error });
          value = off.cents;
        } else {
          value = Number(discount);
          if (!Number.isFinite(value) || value < 0 || value > 100) return setErrors({ 'item.discount': t('errors.percent') });
        }
      }
      outcome = writeOutcome(
        await addItem({
          id: invoice.id,
          item: { name, original_amount: cents.cents, discount: value, discount_type: value === null ? null : discountType },
        }),
        ['item.name', 'item.original_amount', 'item.discount', 'item.discount_type', 'id'],
      );
    }
    setErrors(outcome.errors);
    if (outcome.ok) done();
  }

  return (
    <Stack>
      <Text size="sm">
        {t('invoices.summary', { date: day(invoice.date), total: money(invoice.total), balance: money(invoice.balance) })}
      </Text>
      {action === 'void' || action === 'waive' || action === 'transfer' ? (
        <TextField
          label={t('fields.reason')}
          value={reason}
          onChange={setReason}
          required={action !== 'void'}
          error={errors.reason}
          data-testid="invoice-reason"
        />
      ) : null}
      {action === 'transfer' ? (
        <TextField type="date" label={t('fields.date')} value={date} onChange={setDate} error={errors.date} />
      ) : null}
      {action === 'waive' || action === 'transfer' || action === 'note' ? (
        <Textarea label={t('fields.note')} value={note} onChange={(e) => setNote(e.currentTarget.value)} error={errors.note} />
      ) : null}
      {action === 'item' ? (
        <>
          <TextField label={t('fields.name')} value={name} onChange={setName} error={errors['item.name']} required />
          <AmountInput value={amount} onChange={setAmount} error={errors['item.original_amount']} required data-testid="item-amount" />
          <Group align="flex-start" grow>
            <TextField label={t('fields.discount')} value={discount} onChange={setDiscount} error={errors['item.discount']} />
            <Select
              label={t('fields.discountType')}
              data={[
                { value: 'percent', label: t('discounts.percent') },
                { value: 'fixed', label: t('discounts.fixed') },
              ]}
              value={discountType}
              onChange={(v) => v && setDiscountType(v)}
              allowDeselect={false}
              error={errors['item.discount_type']}
            />
          </Group>
        </>
      ) : null}
      {errors.id ? (
        <Text size="sm" c="danger" role="alert">
          {errors.id}
        </Text>
      ) : null}
      <Button onClick={submit} color={action === 'void' ? 'danger' : undefined} data-testid="invoice-action-save">
        {t('actions.save')}
      </Button>
    </Stack>
  );
}
