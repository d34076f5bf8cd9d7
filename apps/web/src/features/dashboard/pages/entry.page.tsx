import { Grid, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { roleAtLeast } from '@kv/shared';
import { centreEntryPath } from '../../../lib/entry';
import { useAppConfig, useViewer } from '../../../lib/shell-context';
import { LocationCounters } from '../components/location-counters';
import { QuickLinkGrid } from '../components/quick-link-grid';
import { SetupChecklist } from '../components/setup-checklist';
import { WelcomeCard } from '../components/welcome-card';
import { managerLinks } from '../quick-links';
import type { DashboardWidgets } from '../routes';

/**
 * The root: managers and centre owners get their dashboard here; everyone else is sent to theirs
 * (user → /home, blog → /blogs, teacher → /dashboard). Widgets of other features (the live room
 * ratio) come from the app and load on their own.
 */
export function EntryPage({ widgets = {} }: { widgets?: DashboardWidgets }) {
  const RoomRatio = widgets.roomRatio;
  const { t } = useTranslation(['dashboard', 'common']);
  const viewer = useViewer();
  const config = useAppConfig();
  if (!roleAtLeast(viewer.role, 'manager')) return <Navigate to={centreEntryPath(viewer.role)} replace />;
  return (
    <Stack gap="md" data-testid="dashboard-manager">
      <WelcomeCard lead={t('dashboard:manager.lead')} />
      <LocationCounters />
      {RoomRatio ? (
        <Suspense fallback={null}>
          <RoomRatio />
        </Suspense>
      ) : null}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <SetupChecklist />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 6 }}>
          <QuickLinkGrid title={t('dashboard:manager.shortcuts')} links={managerLinks(config.centre?.kind ?? null)} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
