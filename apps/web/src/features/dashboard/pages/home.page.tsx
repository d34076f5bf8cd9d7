import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/shell-context';
import { QuickLinkGrid } from '../components/quick-link-grid';
import { WelcomeCard } from '../components/welcome-card';
import { parentLinks } from '../quick-links';

/** /home: the contact's (parent's) dashboard. */
export function HomePage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const config = useAppConfig();
  return (
    <Stack gap="md" data-testid="dashboard-user">
      <WelcomeCard lead={t('dashboard:home.lead')} />
      <QuickLinkGrid title={t('dashboard:home.shortcuts')} links={parentLinks(config.centre?.kind ?? null)} />
    </Stack>
  );
}
