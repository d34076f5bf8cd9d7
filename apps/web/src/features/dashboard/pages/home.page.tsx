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
  const family = viewer.role === 'user';
  const Latest = family ? widgets.latestActivities : null;
  const Photos = family ? widgets.latestPhotos : null;
  const Menu = family ? widgets.todaysMenu : null;
  // Pinned action items first, then the live announcements (families; staff have /announcements).
  const Pinned = family ? widgets.actionItems : null;
  const Top = family ? widgets.topAnnouncements : null;
  const Upcoming = family ? widgets.upcomingEvents : null;
  return (
    <Stack gap="md" data-testid="dashboard-user">
      <WelcomeCard lead={t('dashboard:home.lead')} />
      {/* The shortcuts come before the widgets: each widget arrives with its own data, and content
          arriving above them would push what the parent is about to tap (layout shift). */}
      <QuickLinkGrid title={t('dashboard:home.shortcuts')} links={parentLinks(config.centre?.kind ?? null)} />
      {Pinned ? (
        <Suspense fallback={null}>
          <Pinned />
        </Suspense>
      ) : null}
      {Top ? (
        <Suspense fallback={null}>
          <Top />
        </Suspense>
      ) : null}
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
      {Menu ? (
        <Suspense fallback={null}>
          <Menu />
        </Suspense>
      ) : null}
      {Photos ? (
        <Suspense fallback={null}>
          <Photos />
        </Suspense>
      ) : null}
    </Stack>
  );
}
