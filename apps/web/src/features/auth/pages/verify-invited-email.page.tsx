import { Anchor, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { NoticeAlert } from '../../../components/guest/notice-alert';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import { ResendInvitedUserEmailMutation } from '../api/resend-invited-user-email.mutation';
import { VerifyInvitedUserEmailMutation } from '../api/verify-invited-user-email.mutation';
import { AuthLinks } from '../components/auth-links';
import { InvitedPasswordStep } from '../components/invited-password-step';
import { EmailForm } from '../forms/email-form';
import { PinForm } from '../forms/pin-form';

/** /viue/:pin_time: an invited user confirms their email with the PIN, then sets a password. */
export function VerifyInvitedEmailPage() {
  const { t } = useTranslation(['account', 'common']);
  const { pin_time: pinTime = '' } = useParams();
  const [, verify] = useMutation(VerifyInvitedUserEmailMutation);
  const [, resend] = useMutation(ResendInvitedUserEmailMutation);
  const [token, setToken] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const [notice, setNotice] = useState<NoticeTriple | null>(null);

  if (resending) {
    return (
      <GuestPage title={t('account:invited.resendTitle')} lead={t('account:invited.resendLead')}>
        <NoticeAlert notice={notice} />
        <EmailForm
          submitLabel={t('account:invited.resendSubmit')}
          onSubmit={async ({ email }, setError) => {
            const result = await resend({ email });
            if (reportMutationError(result.error, t, { setError, fields: ['email'] })) return;
            const payload = result.data?.resendInvitedUserEmail;
            if (!payload) return;
            showNotice(payload);
            setNotice(payload);
          }}
        />
        <AuthLinks show={['login']} />
      </GuestPage>
    );
  }

  if (token) return <InvitedPasswordStep token={token} lead={t('account:invited.passwordLead')} />;

  return (
    <GuestPage title={t('account:invited.title')} lead={t('account:invited.lead')}>
      <PinForm
        submitLabel={t('account:invited.verifySubmit')}
        onSubmit={async ({ pin }, setError) => {
          const result = await verify({ pin_time: pinTime, pin });
          if (reportMutationError(result.error, t, { setError, fields: ['pin'] })) return;
          const payload = result.data?.verifyInvitedUserEmail;
          if (!payload) return;
          showNotice(payload);
          if (payload.status && payload.token) setToken(payload.token);
          else setError('pin', { type: 'server', message: payload.message });
        }}
      />
      <Stack gap={4} align="center">
        <Text size="sm" c="dimmed">
          {t('account:invited.expired')}
        </Text>
        <Anchor component="button" type="button" size="sm" onClick={() => setResending(true)} data-testid="invited-resend">
          {t('account:invited.resendTitle')}
        </Anchor>
      </Stack>
    </GuestPage>
  );
}
