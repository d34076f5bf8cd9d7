import { Alert, Button, Loader, Stack, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { paths } from '../../../lib/paths';
import { SaveGoogleTokenMutation } from '../api/google';

type Outcome = { kind: 'saving' } | { kind: 'connected' } | { kind: 'denied' } | { kind: 'failed'; message: string };

/**
 * /googleInt on the centre host (a manager signed in): Google's answer arrives here from
 * /oauth2callback on the platform host. The code and the signed state go to
 * `saveGoogleCalendarToken` once (the state is single-use); the token stays on the server.
 */
export function GoogleIntegrationPage() {
  const { t } = useTranslation('calendar');
  const [params] = useSearchParams();
  const [, save] = useMutation(SaveGoogleTokenMutation);
  const code = params.get('code');
  const state = params.get('state');
  const [outcome, setOutcome] = useState<Outcome>(code && state ? { kind: 'saving' } : { kind: 'denied' });
  const sent = useRef(false);
  useEffect(() => {
    if (!code || !state || sent.current) return;
    sent.current = true;
    void save({ code, state }).then((r) => {
      if (r.data?.saveGoogleCalendarToken) setOutcome({ kind: 'connected' });
      else setOutcome({ kind: 'failed', message: r.error?.graphQLErrors[0]?.message ?? t('google.failed') });
    });
  }, [code, state, save, t]);
  return (
    <Stack gap="md" maw={560} data-testid="google-integration">
      <Title order={1} size="h2">
        {t('google.pageTitle')}
      </Title>
      {outcome.kind === 'saving' ? (
        <Loader aria-label={t('google.saving')} />
      ) : outcome.kind === 'connected' ? (
        <Alert color="primary" variant="light" data-testid="google-connected">
          {t('google.connected')}
        </Alert>
      ) : (
        <Alert color="danger" variant="light" role="alert" data-testid="google-failed">
          {outcome.kind === 'denied' ? t('google.denied') : outcome.message}
        </Alert>
      )}
      {outcome.kind !== 'saving' ? (
        <Button component={Link} to={paths.calendar.to()} variant="light" data-testid="google-back">
          {t('google.back')}
        </Button>
      ) : null}
    </Stack>
  );
}
