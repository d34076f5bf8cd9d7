import { Alert, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { GuestPage } from '../../../components/guest/guest-page';

/**
 * /oauth2callback on the platform host: the one redirect URI registered at Google for every centre
 * and custom domain. The platform checks the signed state and answers with the centre's own
 * /googleInt (from the directory, never from the request); the browser goes there with the code.
 */
export function OAuth2CallbackPage() {
  const { t } = useTranslation('calendar');
  const { search } = useLocation();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    void fetch(`/internal/google/return${search}`, { headers: { accept: 'application/json' } })
      .then(async (res) => {
        const body = (await res.json().catch(() => null)) as { url?: string } | null;
        if (!live) return;
        if (res.ok && body?.url) window.location.replace(body.url);
        else setFailed(true);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [search]);
  return (
    <GuestPage title={t('google.callbackTitle')}>
      {failed ? (
        <Alert color="danger" variant="light" role="alert" data-testid="oauth2callback-failed">
          {t('google.stateInvalid')}
        </Alert>
      ) : (
        <Loader aria-label={t('google.redirecting')} />
      )}
    </GuestPage>
  );
}
