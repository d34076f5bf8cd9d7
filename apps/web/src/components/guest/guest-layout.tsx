import { Anchor, Group, Image, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { useAppConfig, useThemeControls } from '../../lib/shell-context';
import { LanguageSwitcher } from '../language-switcher';
import artwork from './auth-artwork.svg';
import classes from './guest-layout.module.css';

function Brand() {
  const { t } = useTranslation('common');
  const config = useAppConfig();
  const { branding } = useThemeControls();
  const name = config.centre?.name ?? t('common:brand.console');
  return (
    <Group gap="sm" justify="center" mb="lg" wrap="nowrap">
      {branding.appLogo ? <Image src={branding.appLogo} alt="" h={40} w="auto" fit="contain" /> : null}
      <div>
        <Text fw={700} size="xl" ta="center">
          {name}
        </Text>
        <Text size="xs" c="dimmed" ta="center">
          {t('common:brand.product')}
        </Text>
      </div>
    </Group>
  );
}

function GuestFooter() {
  const { t } = useTranslation('common');
  const config = useAppConfig();
  return (
    <footer className={classes.footer}>
      <LanguageSwitcher />
      {config.devMailbox ? (
        // A server route, not an SPA route: a full page load.
        <Anchor href="/dev/mailbox" size="sm" className={classes.footerLink} data-testid="dev-mailbox-link">
          {t('common:guest.devMailbox')}
        </Anchor>
      ) : null}
      <Text size="xs" className={classes.footerLink}>
        {t('common:footer.copyright', { year: new Date().getFullYear() })}
      </Text>
    </footer>
  );
}

/**
 * Guest pages. The sign-in pages (login, register, email confirmation, verify email, forgot and
 * reset password, resend) share one background image; the others use a plain background.
 */
export function GuestLayout({ artwork: withArtwork }: { artwork: boolean }) {
  const { branding } = useThemeControls();
  const background = withArtwork ? `url("${branding.loginImage ?? artwork}")` : undefined;
  return (
    <div className={classes.page} data-artwork={withArtwork || undefined} style={{ backgroundImage: background }}>
      <main className={classes.main}>
        <Paper className={classes.card} shadow="lg" radius="lg" withBorder>
          <Brand />
          <Outlet />
        </Paper>
      </main>
      <GuestFooter />
    </div>
  );
}

export function AuthLayout() {
  return <GuestLayout artwork />;
}

export function PlainGuestLayout() {
  return <GuestLayout artwork={false} />;
}
