import { Alert, Button, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { GuestPage } from '../../../components/guest/guest-page';
import { paths } from '../../../lib/paths';
import { AuthLinks } from '../components/auth-links';
import { EmailChangeConfirmation } from '../components/email-change-confirmation';

function stringFromState(state: unknown, key: 'email' | 'successText'): string | null {
  const value = typeof state === 'object' && state !== null ? (state as Record<string, unknown>)[key] : null;
  return typeof value === 'string' && value ? value : null;
}

/** After registering: the PIN is in the inbox; go and type it. Also where an email change is confirmed. */
export function EmailConfirmationPage() {
  const { t } = useTranslation(['account', 'common']);
  const [params] = useSearchParams();
  const location = useLocation();
  const pinTime = params.get('pin_time');
  const changeToken = params.get('change');
  const email = stringFromState(location.state, 'email');
  // The signup location's own success text (its signup settings), when registration used its code.
  const successText = stringFromState(location.state, 'successText');
  if (changeToken) return <EmailChangeConfirmation token={changeToken} />;
  return (
    <GuestPage
      title={t('account:emailConfirmation.title')}
      lead={email ? t('account:emailConfirmation.sentTo', { email }) : t('account:emailConfirmation.sent')}
    >
      <Stack gap="sm">
        {successText ? (
          <Alert color="green" data-testid="signup-success-text">
            {successText}
          </Alert>
        ) : null}
        {pinTime ? (
          <Button component={Link} to={paths.verifyEmail.to({ pin_time: pinTime })} fullWidth data-testid="enter-pin">
            {t('account:emailConfirmation.enterPin')}
          </Button>
        ) : null}
        <Button component={Link} to={paths.resendConfirmationEmail.to()} variant="light" fullWidth>
          {t('account:emailConfirmation.resend')}
        </Button>
      </Stack>
      <AuthLinks show={['login']} />
    </GuestPage>
  );
}
