import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import { GuestPage } from '../../../components/guest/guest-page';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { UpdateInvitedUserPasswordMutation } from '../api/update-invited-user-password.mutation';
import { NEW_PASSWORD_FIELDS, NewPasswordForm } from '../../../components/form/new-password-form';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in';

/** The last step of accepting an invitation (email or SMS): choose a password and be signed in. */
export function InvitedPasswordStep({ token, lead }: { token: string; lead: string }) {
  const { t } = useTranslation(['account', 'common']);
  const [, setPassword] = useMutation(UpdateInvitedUserPasswordMutation);
  const completeSignIn = useCompleteSignIn();
  return (
    <GuestPage title={t('account:invited.passwordTitle')} lead={lead}>
      <NewPasswordForm
        submitLabel={t('account:invited.passwordSubmit')}
        onSubmit={async (values, setError) => {
          const result = await setPassword({ token, ...values });
          if (reportMutationError(result.error, t, { setError, fields: NEW_PASSWORD_FIELDS })) return;
          const payload = result.data?.updateInvitedUserPassword;
          if (!payload) return;
          showNotice(payload);
          if (payload.status) completeSignIn(payload);
        }}
      />
    </GuestPage>
  );
}
