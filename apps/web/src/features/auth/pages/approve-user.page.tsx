import { Button, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { NoticeAlert } from '../../../components/guest/notice-alert';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';
import { ApproveUserMutation } from '../api/approve-user.mutation';
import { AuthLinks } from '../components/auth-links';

/**
 * /approve-user/:token, from the email sent to the centre's managers. Approval waits for a click:
 * mail scanners that open links must not approve anyone.
 */
export function ApproveUserPage() {
  const { t } = useTranslation(['account', 'common']);
  const { token = '' } = useParams();
  const [{ fetching }, approve] = useMutation(ApproveUserMutation);
  const [notice, setNotice] = useState<NoticeTriple | null>(null);
  return (
    <GuestPage title={t('account:approve.title')} lead={t('account:approve.lead')}>
      <NoticeAlert notice={notice} />
      {notice?.status ? null : (
        <Stack>
          <Button
            loading={fetching}
            fullWidth
            data-testid="approve-user"
            onClick={async () => {
              const result = await approve({ token });
              if (reportMutationError(result.error, t)) return;
              const payload = result.data?.approveUser;
              if (!payload) return;
              showNotice(payload);
              setNotice(payload);
            }}
          >
            {t('account:approve.submit')}
          </Button>
        </Stack>
      )}
      <AuthLinks show={['login']} />
    </GuestPage>
  );
}
