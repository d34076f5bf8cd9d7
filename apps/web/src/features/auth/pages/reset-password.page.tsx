import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { UpdateForgottenPasswordMutation } from '../api/update-forgotten-password.mutation';
import { AuthLinks } from '../components/auth-links';
import { DonePanel } from '../components/done-panel';
import { NEW_PASSWORD_FIELDS, NewPasswordForm } from '../../../components/form/new-password-form';

/** /password/reset/:token: sets a new password from the emailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const { token } = useParams();
  const [, update] = useMutation(UpdateForgottenPasswordMutation);
  const [done, setDone] = useState<string | null>(null);

  if (!token) {
    return (
      <GuestPage title={t('account:reset.title')}>
        <Alert color="warning" variant="light">
          {t('account:reset.noLink')}
        </Alert>
        <AuthLinks show={['forgot', 'login']} />
      </GuestPage>
    );
  }

  return (
    <GuestPage title={t('account:reset.title')} lead={done ? undefined : t('account:reset.lead')}>
      {done ? (
        <DonePanel message={done} actionLabel={t('auth:links.login')} actionTo={paths.login.to()} />
      ) : (
        <>
          <NewPasswordForm
            submitLabel={t('account:reset.submit')}
            onSubmit={async (values, setError) => {
              const result = await update({ token, ...values });
              if (reportMutationError(result.error, t, { setError, fields: NEW_PASSWORD_FIELDS })) return;
              const payload = result.data?.updateForgottenPassword;
              if (!payload) return;
              showNotice(payload);
              if (payload.status) setDone(payload.message);
            }}
          />
          <AuthLinks show={['forgot', 'login']} />
        </>
      )}
    </GuestPage>
  );
}
