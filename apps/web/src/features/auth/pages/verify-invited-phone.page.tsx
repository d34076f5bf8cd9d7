import { Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { VerifyInvitedUserPhoneMutation } from '../api/verify-invited-user-phone.mutation';
import { AuthLinks } from '../components/auth-links';
import { InvitedPasswordStep } from '../components/invited-password-step';
import { PinForm } from '../forms/pin-form';

/** /viup/:pin_time: an invited person confirms their phone with the texted PIN, then sets a password. */
export function VerifyInvitedPhonePage() {
  const { t } = useTranslation(['account', 'common']);
  const { pin_time: pinTime = '' } = useParams();
  const [, verify] = useMutation(VerifyInvitedUserPhoneMutation);
  const [token, setToken] = useState<string | null>(null);

  if (token) return <InvitedPasswordStep token={token} lead={t('account:invitedPhone.passwordLead')} />;

  return (
    <GuestPage title={t('account:invitedPhone.title')} lead={t('account:invitedPhone.lead')}>
      <PinForm
        label={t('account:invitedPhone.pin')}
        submitLabel={t('account:invitedPhone.verifySubmit')}
        onSubmit={async ({ pin }, setError) => {
          const result = await verify({ pin_time: pinTime, pin });
          if (reportMutationError(result.error, t, { setError, fields: ['pin'] })) return;
          const payload = result.data?.verifyInvitedUserPhone;
          if (!payload) return;
          if (payload.status && payload.token) {
            showNotice(payload);
            setToken(payload.token);
          } else setError('pin', { type: 'server', message: payload.error ?? payload.message });
        }}
      />
      <Text size="sm" c="dimmed" ta="center">
        {t('account:invitedPhone.expired')}
      </Text>
      <AuthLinks show={['login']} />
    </GuestPage>
  );
}
