import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { LoginForm } from '../../../components/guest/login-form';
import type { LoginValues } from '../../../components/guest/login-form.schema';
import { NoticeAlert } from '../../../components/guest/notice-alert';
import { reportMutationError, throttledNotice } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import { isSafeRedirect } from '../../../lib/path-builder';
import { useShell, useViewer } from '../../../lib/shell-context';
import { viewerFromUser } from '../../../lib/viewer';
import { OperatorLoginMutation } from '../api/operator-login.mutation';

/** Operator sign-in on the platform host. */
export function OperatorLoginPage() {
  const { t } = useTranslation(['operator', 'common']);
  const shell = useShell();
  const viewer = useViewer();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [, login] = useMutation(OperatorLoginMutation);
  const [notice, setNotice] = useState<NoticeTriple | null>(null);
  const redirect = params.get('redirect');
  const denied = params.get('denied') === '1';

  if (viewer.role !== 'guest' && !denied)
    return <Navigate to={isSafeRedirect(redirect) ? redirect : shell.entryPath(viewer.role)} replace />;

  async function onSubmit(values: LoginValues) {
    setNotice(null);
    const result = await login({ ...values, device: 'web' });
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
    if (payload.status && shell.session.signIn(payload)) {
      const role = viewerFromUser(shell.session.getSnapshot().user).role;
      navigate(isSafeRedirect(redirect) ? redirect : shell.entryPath(role), { replace: true });
    } else {
      setNotice(payload);
    }
  }

  return (
    <GuestPage title={t('operator:login.title')} lead={t('operator:login.lead')}>
      {denied && viewer.role !== 'guest' ? (
        <NoticeAlert notice={{ status: false, color: 'warning', message: t('operator:login.denied') }} />
      ) : null}
      <NoticeAlert notice={notice} />
      <LoginForm onSubmit={onSubmit} />
    </GuestPage>
  );
}
