import { Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AppLink } from '../../../components/app-link';
import { guestPaths } from '../../../lib/guest-paths';

type AuthLinkName = 'login' | 'register' | 'forgot' | 'resend';

const LINKS: Record<AuthLinkName, { to: () => string; label: string }> = {
  login: { to: () => guestPaths.login.to(), label: 'auth:links.login' },
  register: { to: () => guestPaths.register.to(), label: 'auth:links.register' },
  forgot: { to: () => guestPaths.forgotPassword.to(), label: 'auth:links.forgot' },
  resend: { to: () => guestPaths.resendConfirmationEmail.to(), label: 'auth:links.resend' },
};

/** The small links under a sign-in form. */
export function AuthLinks({ show }: { show: readonly AuthLinkName[] }) {
  const { t } = useTranslation('auth');
  return (
    <Group justify="center" gap="md" component="nav" aria-label={t('auth:links.label')}>
      {show.map((name) => (
        <AppLink key={name} to={LINKS[name].to()} size="sm" data-testid={`auth-link-${name}`}>
          {t(LINKS[name].label)}
        </AppLink>
      ))}
    </Group>
  );
}
