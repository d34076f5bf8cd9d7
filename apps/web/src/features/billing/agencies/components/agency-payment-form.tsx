import { Button, Group, Select, Stack, TextInput } from '@mantine/core';
import { parseMoney } from '@kv/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { fieldErrors } from '../../../../lib/graphql-errors';
import { reportMutationError } from '../../../../lib/mutation-feedback';
import { showNotice } from '../../../../lib/notices';
import { SaveAgencyPaymentMutation } from '../api/agencies.mutation';
import { DANGER_ERRORS, todayIso } from '../lib/format';

/**
 * Records an agency payment: it fills the agency's oldest open invoices; what it does not cover
 * stays owed (a short-pay, listed by the reconciliation).
 */
export function AgencyPaymentForm({ agencyId, onDone }: { agencyId: string; onDone(): void }) {
  const { t } = useTranslation('agencies');
  const [amount, setAmount] = useState('');
  const [method, setMethod] = useState<string | null>('check');
  const [date, setDate] = useState(todayIso());
  const [reference, setReference] = useState('');
  const [amountError, setAmountError] = useState<string | undefined>();
  const [saved, save] = useMutation(SaveAgencyPaymentMutation);
  const errs = fieldErrors(saved.error);
  return (
    <form
      style={DANGER_ERRORS}
      onSubmit={async (e) => {
        e.preventDefault();
        const parsed = parseMoney(amount);
        if (!parsed.ok) return setAmountError(parsed.message);
        setAmountError(undefined);
        const r = await save({ agency_id: agencyId, amount: parsed.cents, method: method ?? 'check', date, reference: reference || null });
        if (reportMutationError(r.error, t)) return;
        if (r.data) showNotice(r.data.saveAgencyPayment);
        onDone();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label={t('payment.amount')}
          inputMode="decimal"
          required
          value={amount}
          error={amountError ?? errs.amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
        <Select
          label={t('payment.method')}
          data={[
            { value: 'check', label: t('payment.methods.check') },
            { value: 'ach', label: t('payment.methods.ach') },
            { value: 'cash', label: t('payment.methods.cash') },
          ]}
          value={method}
          onChange={setMethod}
          error={errs.method}
          allowDeselect={false}
        />
        <TextInput type="date" label={t('payment.date')} value={date} error={errs.date} onChange={(e) => setDate(e.currentTarget.value)} />
        <TextInput
          label={t('payment.reference')}
          value={reference}
          error={errs.reference}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={saved.fetching}>
            {t('payment.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
