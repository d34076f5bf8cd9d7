import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { NoticeAlert } from '../../../components/guest/notice-alert';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import { paths } from '../../../lib/paths';
import { ResendTokenEmailMutation } from '../api/resend-token-email.mutation';
import { AuthLinks } from '../components/auth-links';
import { EmailForm } from '../forms/email-form';

/** Sends a new email-confirmation PIN ("resend token"). */
export function ResendConfirmationPage() {
  const { t } = useTranslation(['account', 'common']);
  const [, resend] = useMutation(ResendTokenEmailMutation);
  const [notice, setNotice] = useState<NoticeTriple | null>(null);
  const [pinTime, setPinTime] = useState<string | null>(null);
  return (
    <GuestPage title={t('account:resend.title')} lead={t('account:resend.lead')}>
      <NoticeAlert notice={notice} />
      {pinTime ? (
        <Stack>
          <Button component={Link} to={paths.verifyEmail.to({ pin_time: pinTime })} fullWidth data-testid="enter-pin">
            {t('account:emailConfirmation.enterPin')}
          </Button>
        </Stack>
      ) : (
        <EmailForm
          submitLabel={t('account:resend.submit')}
          onSubmit={async ({ email }, setError) => {
            const result = await resend({ email });
            if (reportMutationError(result.error, t, { setError, fields: ['email'] })) return;
            const payload = result.data?.resendTokenEmail;
            if (!payload) return;
            showNotice(payload);
            setNotice(payload);
            if (payload.status && payload.pin_time) setPinTime(payload.pin_time);
          }}
        />
      )}
      <AuthLinks show={['login', 'register']} />
    </GuestPage>
  );
}
