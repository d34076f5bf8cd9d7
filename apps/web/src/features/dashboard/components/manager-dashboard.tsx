import { Grid, Stack } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../lib/shell-context';
import { managerLinks } from '../quick-links';
import type { DashboardWidgets } from '../routes';
import { LocationCounters } from './location-counters';
import { PlanCard } from './plan-card';
import { QuickLinkGrid } from './quick-link-grid';
import { SetupChecklist } from './setup-checklist';
import { WelcomeCard } from './welcome-card';

/** The manager's and centre owner's dashboard. Widgets of other features (the live room ratio) come from the app and load on their own. */
export function ManagerDashboard({ widgets }: { widgets: DashboardWidgets }) {
  const RoomRatio = widgets.roomRatio;
  const { t } = useTranslation(['dashboard', 'common']);
  const config = useAppConfig();
  return (
    <Stack gap="md" data-testid="dashboard-manager">
      <WelcomeCard lead={t('dashboard:manager.lead')} />
      <PlanCard />
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
