import { Alert, Button, Group, Loader, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { formatMoney } from '@kv/shared';
import { MoneyText } from '../../../components/formatted';
import { billingDay } from '../../../components/platform-billing-status';
import { showNotice } from '../../../lib/notices';
import { useAppConfig } from '../../../lib/shell-context';
import { PayInvoiceMutation, type MyPlanCard, type MyPlanInvoice } from '../api/my-plan';
import { loadCardStripe, type CardElement, type CardStripe } from '../lib/stripe-card';

export function cardLine(t: TFunction, c: MyPlanCard) {
  return t('platformBilling:cards.line', {
    brand: c.brand.toUpperCase(),
    last4: c.last4,
    month: String(c.exp_month).padStart(2, '0'),
    year: c.exp_year,
  });
}

type Choice = 'saved' | 'new' | 'transfer' | 'cheque';
const CHOICES: readonly string[] = ['saved', 'new', 'transfer', 'cheque'];

/**
 * Paying one open invoice: the saved default card, a new card typed into Stripe.js's card element
 * (the number goes to the provider, never to us; saved as the default), or a transfer or cheque
 * with its reference, pending until the platform confirms it arrived. A centre billed by transfer
 * or cheque starts on its own method.
 */
export function PayInvoiceModal({
  invoice,
  cards,
  publishableKey,
  billingMethod,
  onClose,
  onPaid,
}: {
  invoice: MyPlanInvoice;
  cards: MyPlanCard[];
  publishableKey: string | null;
  billingMethod: string;
  onClose(): void;
  onPaid(): void;
}) {
  const { t } = useTranslation(['platformBilling', 'common']);
  const config = useAppConfig();
  const saved = cards.find((c) => c.is_default) ?? null;
  const [choice, setChoice] = useState<Choice>(
    billingMethod === 'transfer' || billingMethod === 'cheque' ? billingMethod : saved ? 'saved' : 'new',
  );
  const [reference, setReference] = useState('');
  const [stripe, setStripe] = useState<{ client: CardStripe; card: CardElement } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const mountRef = useRef<HTMLDivElement | null>(null);
  const [, pay] = useMutation(PayInvoiceMutation);
  const byHand = choice === 'transfer' || choice === 'cheque';

  useEffect(() => {
    if (choice !== 'new' || stripe || !publishableKey) return;
    let cancelled = false;
    loadCardStripe(config.stripeJs ?? '/dev/stripe/v3.js', publishableKey)
      .then((client) => {
        if (cancelled) return;
        const card = client.elements().create('card');
        setStripe({ client, card });
        requestAnimationFrame(() => mountRef.current && card.mount(mountRef.current));
      })
      .catch(() => !cancelled && setError(t('platformBilling:myPlan.cardsUnavailable')));
    return () => {
      cancelled = true;
    };
  }, [choice, stripe, publishableKey, config.stripeJs, t]);
  useEffect(() => () => stripe?.card.destroy(), [stripe]);

  const submit = async () => {
    setError(null);
    if (byHand && !reference.trim()) {
      setError(t('platformBilling:myPlan.referenceRequired'));
      return;
    }
    setBusy(true);
    try {
      let paymentMethodId: string | null = null;
      if (choice === 'new') {
        if (!stripe) return;
        const made = await stripe.client.createPaymentMethod({ type: 'card', card: stripe.card });
        if (made.error || !made.paymentMethod) {
          setError(made.error?.message ?? t('platformBilling:myPlan.payFailed'));
          return;
        }
        paymentMethodId = made.paymentMethod.id;
      }
      const result = await pay(
        byHand
          ? { invoice_id: invoice.id, method: choice, reference: reference.trim() }
          : { invoice_id: invoice.id, method: 'card', payment_method_id: paymentMethodId },
      );
      if (result.error) {
        setError(result.error.graphQLErrors.map((e) => e.message).join(' ') || t('common:errors.network'));
        return;
      }
      if (result.data) showNotice(result.data.payMyPlanInvoice);
      onPaid();
    } finally {
      setBusy(false);
    }
  };

  const amount = formatMoney(invoice.balance);
  return (
    <Modal opened onClose={onClose} title={t('platformBilling:myPlan.payTitle', { number: invoice.id })} size="lg">
      <Stack gap="sm">
        <Text>
          {t('platformBilling:myPlan.payLead', { period: `${billingDay(invoice.period_start)} – ${billingDay(invoice.period_end)}` })}{' '}
          <Text span fw={700}>
            <MoneyText value={invoice.balance} />
          </Text>
        </Text>
        {error ? (
          <Alert color="danger" variant="light" role="alert" data-testid="pay-error">
            {error}
          </Alert>
        ) : null}
        <Radio.Group
          value={choice}
          onChange={(v) => CHOICES.includes(v) && setChoice(v as Choice)}
          label={t('platformBilling:myPlan.payWith')}
        >
          <Stack gap={6} mt={4}>
            {saved ? <Radio value="saved" label={cardLine(t, saved)} data-testid="pay-saved-card" /> : null}
            <Radio value="new" label={t('platformBilling:myPlan.newCard')} data-testid="pay-new-card" />
            <Radio value="transfer" label={t('platformBilling:methods.transfer')} data-testid="pay-transfer" />
            <Radio value="cheque" label={t('platformBilling:methods.cheque')} data-testid="pay-cheque" />
          </Stack>
        </Radio.Group>
        {choice === 'new' ? (
          publishableKey ? (
            <Stack gap={4}>
              <Text size="sm" c="dimmed">
                {t('platformBilling:myPlan.cardPrivacy')}
              </Text>
              <div ref={mountRef} data-testid="plan-card-element" />
              {!stripe && !error ? <Loader size="sm" aria-label={t('common:loading')} /> : null}
            </Stack>
          ) : (
            <Alert color="warning" variant="light">
              {t('platformBilling:myPlan.cardsUnavailable')}
            </Alert>
          )
        ) : null}
        {byHand ? (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              {t('platformBilling:myPlan.transferLead', { amount })}
            </Text>
            <TextInput
              label={t('platformBilling:myPlan.reference')}
              value={reference}
              onChange={(e) => setReference(e.currentTarget.value)}
              maxLength={200}
              required
              data-testid="pay-reference"
            />
          </Stack>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={submit} loading={busy} disabled={choice === 'new' && !stripe} data-testid="confirm-pay">
            {byHand ? t('platformBilling:myPlan.recordPayment', { amount }) : t('platformBilling:myPlan.payAmount', { amount })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
