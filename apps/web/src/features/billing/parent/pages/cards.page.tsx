import { Alert, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { showMessage, showNotice } from '../../../../lib/notices';
import { paths } from '../../../../lib/paths';
import { useAppConfig } from '../../../../lib/shell-context';
import { AddCardMutation, DefaultCardMutation, MethodsQuery, PendingQuery, SyncMutation } from '../api/billing-parent';
import { loadStripe, type StripeCardElement, type StripeLike } from '../lib/stripe-js';
import { money } from '../../lib/billing';

type CardRow = { id: string; brand: string; last4: string; exp_month: number; exp_year: number; is_default: boolean; expiring_soon: boolean };

/**
 * /user/students/billing2: the parent's saved cards (the default one autopay charges), adding a
 * card with Stripe.js (the card goes straight to Stripe), and the payments waiting for the card's
 * authentication (an autopay or a payment the bank asked to confirm).
 */
export function ParentCardsPage() {
  const { t } = useTranslation('billingParent');
  const [methods, refresh] = useQuery({ query: MethodsQuery, requestPolicy: 'cache-and-network' });
  const [pending, refreshPending] = useQuery({ query: PendingQuery, requestPolicy: 'cache-and-network' });
  const [, setDefault] = useMutation(DefaultCardMutation);
  const cards: CardRow[] = methods.data?.getUserPaymentMethods.cards ?? [];
  const reload = () => {
    refresh({ requestPolicy: 'network-only' });
    refreshPending({ requestPolicy: 'network-only' });
  };
  return (
    <Stack gap="md" data-testid="parent-cards">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {t('cards.title')}
        </Title>
        <Button component={Link} to={paths.userStudentsBilling.to()} variant="light">
          {t('backToBilling')}
        </Button>
      </Group>
      <PendingPayments rows={pending.data?.getUserPendingCharges ?? []} onDone={reload} />
      <Card withBorder>
        <Text fw={600} mb="xs">
          {t('cards.saved')}
        </Text>
        {methods.data && !cards.length ? <Text c="dimmed">{t('empty')}</Text> : null}
        <Stack gap="xs">
          {cards.map((c) => (
            <Group key={c.id} justify="space-between" wrap="wrap" data-testid="saved-card">
              <Group gap="xs">
                <Text>{t('cards.line', { brand: c.brand.toUpperCase(), last4: c.last4, month: String(c.exp_month).padStart(2, '0'), year: c.exp_year })}</Text>
                {c.is_default ? <Badge variant="default">{t('cards.default')}</Badge> : null}
                {c.expiring_soon ? (
                  <Badge variant="default">
                    {t('cards.expiring')}
                  </Badge>
                ) : null}
              </Group>
              {!c.is_default ? (
                <Button
                  size="xs"
                  variant="light"
                  onClick={async () => {
                    const r = await setDefault({ payment_method_id: c.id });
                    if (r.error) showMessage(r.error.graphQLErrors[0]?.message ?? t('error'), false);
                    else if (r.data) showNotice(r.data.setDefaultPaymentMethod);
                    reload();
                  }}
                >
                  {t('cards.makeDefault')}
                </Button>
              ) : null}
            </Group>
          ))}
        </Stack>
      </Card>
      <AddCard onSaved={reload} />
    </Stack>
  );
}

/** The Stripe.js card element: a SetupIntent from the server, confirmed in the browser, then the card saved. */
function AddCard({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('billingParent');
  const config = useAppConfig();
  const [, addCard] = useMutation(AddCardMutation);
  const mountRef = useRef<HTMLDivElement | null>(null);
  const [session, setSession] = useState<{ stripe: StripeLike; card: StripeCardElement; secret: string; id: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => () => session?.card.destroy(), [session]);

  const start = async () => {
    setError(null);
    setBusy(true);
    try {
      const r = await addCard({});
      const s = r.data?.addUserCard;
      if (r.error || !s?.client_secret || !s.publishable_key || !s.setup_intent_id) {
        setError(r.error?.graphQLErrors[0]?.message ?? t('error'));
        return;
      }
      const stripe = await loadStripe(config.stripeJs ?? '/dev/stripe/v3.js', s.publishable_key);
      const card = stripe.elements().create('card');
      setSession({ stripe, card, secret: s.client_secret, id: s.setup_intent_id });
      requestAnimationFrame(() => mountRef.current && card.mount(mountRef.current));
    } catch {
      setError(t('cards.unavailable'));
    } finally {
      setBusy(false);
    }
  };

  const save = async () => {
    if (!session) return;
    setBusy(true);
    setError(null);
    const confirmed = await session.stripe.confirmCardSetup(session.secret, { payment_method: { card: session.card } });
    if (confirmed.error) {
      setBusy(false);
      setError(confirmed.error.message ?? t('error'));
      return;
    }
    const r = await addCard({ setup_intent_id: session.id });
    setBusy(false);
    if (r.error) {
      setError(r.error.graphQLErrors[0]?.message ?? t('error'));
      return;
    }
    if (r.data) showNotice(r.data.addUserCard);
    session.card.destroy();
    setSession(null);
    onSaved();
  };

  return (
    <Card withBorder>
      <Text fw={600} mb="xs">
        {t('cards.add')}
      </Text>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('cards.privacy')}
        </Text>
        {error ? (
          <Alert color="danger" data-testid="card-error">
            {error}
          </Alert>
        ) : null}
        <div ref={mountRef} data-testid="card-element" />
        {session ? (
          <Group>
            <Button onClick={save} loading={busy} data-testid="save-card">
              {t('cards.save')}
            </Button>
            <Button
              variant="subtle"
              onClick={() => {
                session.card.destroy();
                setSession(null);
              }}
            >
              {t('cancel')}
            </Button>
          </Group>
        ) : (
          <Group>
            <Button onClick={start} loading={busy} data-testid="add-card">
              {t('cards.add')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Payments the card's bank asked the parent to confirm: confirmCardPayment, then the server records the outcome. */
function PendingPayments({ rows, onDone }: { rows: { id: string; amount: number; status: string }[]; onDone: () => void }) {
  const { t } = useTranslation('billingParent');
  const config = useAppConfig();
  const [, sync] = useMutation(SyncMutation);
  const [methods] = useQuery({ query: MethodsQuery });
  const [busy, setBusy] = useState<string | null>(null);
  if (!rows.length) return null;
  const confirm = async (id: string) => {
    setBusy(id);
    try {
      const first = await sync({ id });
      const secret = first.data?.syncUserCharge.charge.client_secret;
      if (secret) {
        const stripe = await loadStripe(config.stripeJs ?? '/dev/stripe/v3.js', methods.data?.getUserPaymentMethods.publishable_key ?? '');
        const done = await stripe.confirmCardPayment(secret);
        if (done.error) showMessage(done.error.message ?? t('error'), false);
      }
      const after = await sync({ id });
      if (after.data) showNotice(after.data.syncUserCharge);
    } finally {
      setBusy(null);
      onDone();
    }
  };
  return (
    <Alert color="orange" title={t('pending.title')} data-testid="pending-payments">
      <Stack gap="xs">
        {rows.map((r) => (
          <Group key={r.id} justify="space-between" wrap="wrap">
            <Text size="sm">{t('pending.line', { amount: money(r.amount) })}</Text>
            <Button size="xs" loading={busy === r.id} onClick={() => confirm(r.id)} data-testid="confirm-payment">
              {t('pending.confirm')}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
