import { Alert, Button, Card, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import { fieldErrors } from '../../../lib/graphql-errors';
import { showNotice } from '../../../lib/notices';
import { formatDateTime } from '../../../lib/format';
import { ProviderKeysQuery, SaveProviderKeysMutation } from './api/provider-keys';

/**
 * The owner's Stripe keys (self-contained: its own query and mutation, for the staff
 * /billing/settings page): the saved keys masked, the webhook endpoint Stripe posts to, and a
 * form to save new keys (checked with Stripe; the secret is stored encrypted and never shown again).
 */
export function ProviderKeysPanel() {
  const { t } = useTranslation('billingParent');
  const [{ data, error: loadError }, refresh] = useQuery({ query: ProviderKeysQuery, requestPolicy: 'cache-and-network' });
  const [{ fetching }, save] = useMutation(SaveProviderKeysMutation);
  const [pk, setPk] = useState('');
  const [sk, setSk] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const keys = data?.getPaymentProviderKeys;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const r = await save({ publishable_key: pk.trim(), secret_key: sk.trim() });
    if (r.error) {
      const f = fieldErrors(r.error);
      setErrors(Object.keys(f).length ? f : { secret_key: r.error.graphQLErrors[0]?.message ?? t('error') });
      return;
    }
    setErrors({});
    setPk('');
    setSk('');
    if (r.data) showNotice(r.data.savePaymentProviderKeys);
    refresh({ requestPolicy: 'network-only' });
  };
  if (loadError) return null;
  return (
    <Card withBorder data-testid="provider-keys-panel">
      <Stack gap="sm">
        <Text fw={600}>{t('keys.title')}</Text>
        {keys?.configured ? (
          <Stack gap={2} data-testid="provider-keys-masked">
            <Text size="sm">{t('keys.publishable', { key: keys.publishable_key })}</Text>
            <Text size="sm">{t('keys.secret', { key: keys.secret_key })}</Text>
            <Text size="sm">{t('keys.webhook', { url: keys.webhook_url })}</Text>
            <Text size="xs" c="dimmed">
              {t(keys.webhook_secrets > 1 ? 'keys.rotating' : 'keys.updated', { date: formatDateTime(keys.updated_at) })}
            </Text>
          </Stack>
        ) : keys ? (
          <Alert color="blue">{t('keys.none')}</Alert>
        ) : null}
        <form onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              label={t('keys.publishableLabel')}
              placeholder="pk_test_…"
              value={pk}
              onChange={(e) => setPk(e.currentTarget.value)}
              error={errors.publishable_key}
              required
              autoComplete="off"
            />
            <PasswordInput
              label={t('keys.secretLabel')}
              placeholder="sk_test_…"
              value={sk}
              onChange={(e) => setSk(e.currentTarget.value)}
              error={errors.secret_key}
              required
              autoComplete="off"
            />
            <Group>
              <Button type="submit" loading={fetching}>
                {t('keys.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Card>
  );
}
