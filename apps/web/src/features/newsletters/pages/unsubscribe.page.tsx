import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { useAppConfig } from '../../../lib/shell-context';
import { RequestLinkMutation, UnsubscribeMutation } from '../api/newsletters';

/**
 * Guest /unsubscribe/:token?: with the token of a mail's link, one button confirms (mail clients'
 * one-click POST to the same URL needs no page); without one, the person enters their address and
 * gets the confirm link by mail.
 */
export function UnsubscribePage() {
  const { t } = useTranslation(['newsletters', 'pages']);
  const { token } = useParams();
  const config = useAppConfig();
  const centreName = config.centre?.name ?? '';
  const [{ fetching: confirming }, unsubscribe] = useMutation(UnsubscribeMutation);
  const [{ fetching: requesting }, requestLink] = useMutation(RequestLinkMutation);
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function confirm() {
    setError(null);
    const r = await unsubscribe({ token: token ?? '' });
    if (r.error) setError(r.error.graphQLErrors[0]?.message ?? t('newsletters:unsubscribe.failed'));
    else if (r.data) setDone(r.data.unsubscribeEmail.message);
  }

  async function request() {
    setError(null);
    const r = await requestLink({ email });
    if (r.error) setError(r.error.graphQLErrors[0]?.message ?? t('newsletters:unsubscribe.failed'));
    else if (r.data) setDone(r.data.requestUnsubscribeLink.message);
  }

  return (
    <GuestPage title={t('pages:guestPages.titles.unsubscribe')}>
      <Stack data-testid="unsubscribe-page">
        {done ? (
          <Alert color="success" variant="light" data-testid="unsubscribe-done">
            {done}
          </Alert>
        ) : token ? (
          <>
            <Text>{t('newsletters:unsubscribe.confirmLead', { centre: centreName })}</Text>
            <Button onClick={() => void confirm()} loading={confirming} data-testid="unsubscribe-confirm">
              {t('newsletters:unsubscribe.confirm')}
            </Button>
          </>
        ) : (
          <>
            <Text>{t('newsletters:unsubscribe.emailLead')}</Text>
            <TextInput label={t('newsletters:unsubscribe.email')} type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} required />
            <Button onClick={() => void request()} loading={requesting}>
              {t('newsletters:unsubscribe.send')}
            </Button>
          </>
        )}
        {error ? (
          <Alert color="danger" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </GuestPage>
  );
}
