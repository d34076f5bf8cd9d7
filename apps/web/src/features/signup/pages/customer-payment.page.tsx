import { Alert, Box, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useAppConfig } from '../../../lib/shell-context';
import { guestPaths } from '../../../lib/guest-paths';
import { SignupPaymentDocument } from '../api/signup';
import { readFunnel } from '../lib/funnel-store';
import { loadFunnelStripe, type FunnelCardElement, type FunnelStripe } from '../lib/stripe';

type Method = 'card' | 'transfer' | 'cheque';

/** /customer-payment: the card for when the trial ends (Stripe.js), or transfer / cheque. */
export function CustomerPaymentPage() {
  const { t } = useTranslation(['signup', 'common']);
  const navigate = useNavigate();
  const config = useAppConfig();
  const token = readFunnel().token;
  const [method, setMethod] = useState<Method>('card');
  const [busy, setBusy] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const [, pay] = useMutation(SignupPaymentDocument);
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: FunnelStripe; card: FunnelCardElement } | null>(null);
  const cardAvailable = Boolean(config.stripeJs && config.stripeKey);

  useEffect(() => {
    if (method !== 'card' || !cardAvailable || !mountRef.current) return;
    let live = true;
    const target = mountRef.current;
    void loadFunnelStripe(config.stripeJs!, config.stripeKey!)
      .then((stripe) => {
        if (!live) return;
        const card = stripe.elements().create('card');
        card.on('change', (e) => setComplete(Boolean(e.complete)));
        card.mount(target);
        stripeRef.current = { stripe, card };
      })
      .catch(() => live && setCardError(t('signup:payment.noStripe')));
    return () => {
      live = false;
      stripeRef.current?.card.destroy();
      stripeRef.current = null;
    };
  }, [method, cardAvailable, config.stripeJs, config.stripeKey, t]);

  if (!token) return <Navigate to={guestPaths.customerSignup.to({})} replace />;

  const submit = async () => {
    setBusy(true);
    setCardError(null);
    try {
      let paymentMethodId: string | null = null;
      if (method === 'card') {
        const s = stripeRef.current;
        if (!s) return setCardError(t('signup:payment.noStripe'));
        const made = await s.stripe.createPaymentMethod({ type: 'card', card: s.card });
        if (made.error || !made.paymentMethod) return setCardError(made.error?.message ?? t('signup:payment.cardRefused'));
        paymentMethodId = made.paymentMethod.id;
      }
      const result = await pay({ signup_token: token, method, payment_method_id: paymentMethodId });
      if (result.error) {
        const field = (result.error.graphQLErrors[0]?.extensions as { field?: string } | undefined)?.field;
        if (field === 'payment_method_id' || (result.error.graphQLErrors[0]?.extensions as { code?: string } | undefined)?.code === 'CARD_DECLINED')
          return setCardError(result.error.graphQLErrors[0]!.message);
        reportMutationError(result.error, t);
        return;
      }
      const r = result.data?.submitCenterPayment;
      if (r) showNotice(r);
      if (r?.status) navigate(guestPaths.customerCenterSetup.to({ token }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <GuestPage title={t('signup:payment.title')} lead={t('signup:payment.lead')}>
      <Radio.Group value={method} onChange={(v) => setMethod(v as Method)} label={t('signup:payment.method')} name="method">
        <Stack gap="xs" mt="xs">
          <Radio value="card" label={t('signup:payment.card')} disabled={!cardAvailable} data-testid="method-card" />
          <Radio value="transfer" label={t('signup:payment.transfer')} data-testid="method-transfer" />
          <Radio value="cheque" label={t('signup:payment.cheque')} data-testid="method-cheque" />
        </Stack>
      </Radio.Group>
      {method === 'card' ? (
        <Stack gap={4}>
          <Box ref={mountRef} data-testid="card-element" aria-label={t('signup:payment.card')} />
          {cardError ? (
            <Text size="sm" c="red.9" role="alert" data-testid="card-error">
              {cardError}
            </Text>
          ) : null}
        </Stack>
      ) : (
        <Alert color="blue" variant="light">
          {t(method === 'transfer' ? 'signup:payment.transferNote' : 'signup:payment.chequeNote')}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={submit} loading={busy} disabled={method === 'card' && !complete} data-testid="payment-submit">
          {t('signup:payment.submit')}
        </Button>
      </Group>
    </GuestPage>
  );
}
