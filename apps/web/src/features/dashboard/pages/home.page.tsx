import { Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig, useViewer } from '../../../lib/shell-context';
import { QuickLinkGrid } from '../components/quick-link-grid';
import { WelcomeCard } from '../components/welcome-card';
import { parentLinks } from '../quick-links';
import type { DashboardWidgets } from '../routes';

/** /home: the contact's (parent's) dashboard. */
export function HomePage({ widgets = {} }: { widgets?: DashboardWidgets }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const config = useAppConfig();
  const viewer = useViewer();
  // A family's own children's latest entries (staff have the room feed).
  const Latest = viewer.role === 'user' ? widgets.latestActivities : null;
  const Upcoming = viewer.role === 'user' ? widgets.upcomingEvents : null;
  return (
    <Stack gap="md" data-testid="dashboard-user">
      <WelcomeCard lead={t('dashboard:home.lead')} />
      {Upcoming ? (
        <Suspense fallback={null}>
          <Upcoming />
        </Suspense>
      ) : null}
      {Latest ? (
        <Suspense fallback={null}>
          <Latest />
        </Suspense>
      ) : null}
      <QuickLinkGrid title={t('dashboard:home.shortcuts')} links={parentLinks(config.centre?.kind ?? null)} />
    </Stack>
  );
}
