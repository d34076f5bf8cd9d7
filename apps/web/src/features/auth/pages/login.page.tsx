import { Alert, Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { GuestPage } from '../../../components/guest/guest-page';
import { LoginForm } from '../../../components/guest/login-form';
import type { LoginValues } from '../../../components/guest/login-form.schema';
import { NoticeAlert } from '../../../components/guest/notice-alert';
import { requestGraphql } from '../../../lib/graphql-post';
import { reportMutationError, throttledNotice } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import { isSafeRedirect } from '../../../lib/path-builder';
import { useSessionSnapshot, useShell, useViewer } from '../../../lib/shell-context';
import { LOGIN_DOCUMENT } from '../api/login.mutation';
import { AuthLinks } from '../components/auth-links';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

export const WEB_DEVICE = 'web';

export function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const shell = useShell();
  const viewer = useViewer();
  const { endReason } = useSessionSnapshot();
  const [params] = useSearchParams();
  const completeSignIn = useCompleteSignIn();
  const [notice, setNotice] = useState<NoticeTriple | null>(null);
  const redirect = params.get('redirect');
  const denied = params.get('denied') === '1';

  if (viewer.role !== 'guest' && !denied) {
    return <Navigate to={isSafeRedirect(redirect) ? redirect : shell.entryPath(viewer.role)} replace />;
  }

  async function onSubmit(values: LoginValues) {
    setNotice(null);
    // A plain POST: the sign-in page does not load urql (it comes with the signed-in pages).
    const result = await requestGraphql(LOGIN_DOCUMENT, { ...values, device: WEB_DEVICE });
    // Too many attempts: the wait stays on the page; the form keeps what was typed.
    const wait = throttledNotice(result.error, t);
    if (wait) {
      showNotice(wait);
      setNotice(wait);
      return;
    }
    if (reportMutationError(result.error, t)) return;
    const payload = result.data?.login;
    if (!payload) return;
    showNotice(payload);
    if (!payload.status || !completeSignIn(payload, redirect)) setNotice(payload);
  }

  return (
    <GuestPage title={t('auth:login.title')} lead={t('auth:login.lead')}>
      {denied && viewer.role !== 'guest' ? (
        <Alert color="warning" variant="light" role="alert" data-testid="login-denied">
          <Stack gap="xs" align="flex-start">
            {t('auth:login.denied', { name: viewer.user?.full_name ?? '' })}
            <Button component={Link} to={shell.entryPath(viewer.role)} size="compact-sm" variant="light">
              {t('auth:login.backToDashboard')}
            </Button>
          </Stack>
        </Alert>
      ) : null}
      {endReason === 'expired' && viewer.role === 'guest' ? (
        <Alert color="warning" variant="light" role="status">
          {t('auth:login.sessionEnded')}
        </Alert>
      ) : null}
      <NoticeAlert notice={notice} />
      <LoginForm onSubmit={onSubmit} />
      <AuthLinks show={['forgot', 'register', 'resend']} />
    </GuestPage>
  );
}
