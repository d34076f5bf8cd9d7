import { Alert } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { VerifyEmailMutation } from '../api/verify-email.mutation';
import { AuthLinks } from '../components/auth-links';
import { DonePanel } from '../components/done-panel';
import { PinForm } from '../forms/pin-form';

/** Confirms a registration's email with the emailed PIN; pin_time comes from the link or from signup. */
export function VerifyEmailPage() {
  const { t } = useTranslation(['account', 'auth', 'common']);
  const { pin_time: pinTime } = useParams();
  const [, verify] = useMutation(VerifyEmailMutation);
  const [done, setDone] = useState<string | null>(null);

  if (!pinTime) {
    return (
      <GuestPage title={t('account:verifyEmail.title')}>
        <Alert color="warning" variant="light">
          {t('account:verifyEmail.noLink')}
        </Alert>
        <AuthLinks show={['resend', 'login']} />
      </GuestPage>
    );
  }

  return (
    <GuestPage title={t('account:verifyEmail.title')} lead={done ? undefined : t('account:verifyEmail.lead')}>
      {done ? (
        <DonePanel message={done} actionLabel={t('auth:links.login')} actionTo={paths.login.to()} />
      ) : (
        <>
          <PinForm
            submitLabel={t('account:verifyEmail.submit')}
            onSubmit={async ({ pin }, setError) => {
              const result = await verify({ pin_time: pinTime, pin });
              if (reportMutationError(result.error, t, { setError, fields: ['pin'] })) return;
              const payload = result.data?.verifyEmail;
              if (!payload) return;
              showNotice(payload);
              if (payload.status) setDone(payload.message);
              else setError('pin', { type: 'server', message: payload.message });
            }}
          />
          <AuthLinks show={['resend', 'login']} />
        </>
      )}
    </GuestPage>
  );
}
