import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { NoticeAlert } from '../../../components/guest/notice-alert';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import { VerifyEmailChangeMutation } from '../api/verify-email-change.mutation';
import { AuthLinks } from './auth-links';

/** The link sent to a new address (`/email-confirmation?change=<token>`); confirmed by a click, not by opening it. */
export function EmailChangeConfirmation({ token }: { token: string }) {
  const { t } = useTranslation(['account', 'common']);
  const [{ fetching }, verify] = useMutation(VerifyEmailChangeMutation);
  const [notice, setNotice] = useState<NoticeTriple | null>(null);
  return (
    <GuestPage title={t('account:emailChange.title')} lead={t('account:emailChange.lead')}>
      <NoticeAlert notice={notice} />
      {notice?.status ? null : (
        <Stack>
          <Button
            loading={fetching}
            fullWidth
            data-testid="confirm-email-change"
            onClick={async () => {
              const result = await verify({ token });
              if (reportMutationError(result.error, t)) return;
              const payload = result.data?.verifyEmailChange;
              if (!payload) return;
              showNotice(payload);
              setNotice(payload);
            }}
          >
            {t('account:emailChange.submit')}
          </Button>
        </Stack>
      )}
      <AuthLinks show={['login']} />
    </GuestPage>
  );
}
