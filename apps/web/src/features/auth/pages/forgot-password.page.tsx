import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { ForgotPasswordMutation } from '../api/forgot-password.mutation';
import { AuthLinks } from '../components/auth-links';
import { DonePanel } from '../components/done-panel';
import { EmailForm } from '../forms/email-form';

export function ForgotPasswordPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const [, forgot] = useMutation(ForgotPasswordMutation);
  const [done, setDone] = useState<string | null>(null);
  return (
    <GuestPage title={t('account:forgot.title')} lead={done ? undefined : t('account:forgot.lead')}>
      {done ? (
        <DonePanel message={done} actionLabel={t('auth:links.login')} actionTo={paths.login.to()} />
      ) : (
        <>
          <EmailForm
            submitLabel={t('account:forgot.submit')}
            onSubmit={async ({ email }, setError) => {
              const result = await forgot({ email });
              if (reportMutationError(result.error, t, { setError, fields: ['email'] })) return;
              const payload = result.data?.forgotPassword;
              if (!payload) return;
              showNotice(payload);
              if (payload.status) setDone(payload.message);
            }}
          />
          <AuthLinks show={['login']} />
        </>
      )}
    </GuestPage>
  );
}
