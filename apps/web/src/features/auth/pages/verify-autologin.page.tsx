import { Alert, Loader, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useClient } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { NoticeAlert } from '../../../components/guest/notice-alert';
import { reportMutationError } from '../../../lib/mutation-feedback';
import type { NoticeTriple } from '../../../lib/notices';
import { VerifyAutologinMutation } from '../api/verify-autologin.mutation';
import { AuthLinks } from '../components/auth-links';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

// Autologin tokens are single-use: never send one twice (StrictMode re-runs effects in development).
const spentTokens = new Set<string>();

/** /verify-autologin/:token: signs in with a one-time link (also how a support session enters). */
export function VerifyAutologinPage() {
  const { t } = useTranslation(['account', 'common']);
  const { token } = useParams();
  // Where the link asks to land (the sign-up funnel's owner: /dashboard); checked by completeSignIn.
  const [search] = useSearchParams();
  const redirect = search.get('redirect');
  const client = useClient();
  const completeSignIn = useCompleteSignIn();
  const [notice, setNotice] = useState<NoticeTriple | null>(null);

  useEffect(() => {
    if (!token || spentTokens.has(token)) return;
    spentTokens.add(token);
    void client
      .mutation(VerifyAutologinMutation, { token })
      .toPromise()
      .then((result) => {
        if (reportMutationError(result.error, t)) {
          setNotice({ status: false, message: t('account:autologin.failed'), color: 'danger' });
          return;
        }
        const payload = result.data?.verifyAutologin;
        if (payload && !(payload.status && completeSignIn(payload, redirect))) setNotice(payload);
      });
    // completeSignIn and t are stable enough; the token is what matters.
  }, [client, token]);

  return (
    <GuestPage title={t('account:autologin.title')}>
      {!token ? (
        <Alert color="warning" variant="light">
          {t('account:autologin.noLink')}
        </Alert>
      ) : notice ? (
        <NoticeAlert notice={notice} />
      ) : (
        <Stack align="center" role="status" aria-live="polite">
          <Loader aria-hidden />
          {t('account:autologin.working')}
        </Stack>
      )}
      {!token || notice ? <AuthLinks show={['login']} /> : null}
    </GuestPage>
  );
}
