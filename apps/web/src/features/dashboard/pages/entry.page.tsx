import { Grid, Stack } from '@mantine/core';
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

/**
 * The root: managers and centre owners get their dashboard here; everyone else is sent to theirs
 * (user → /home, blog → /blogs, teacher → /dashboard).
 */
export function EntryPage() {
  const { t } = useTranslation(['dashboard', 'common']);
  const viewer = useViewer();
  const config = useAppConfig();
  if (!roleAtLeast(viewer.role, 'manager')) return <Navigate to={centreEntryPath(viewer.role)} replace />;
  return (
    <Stack gap="md" data-testid="dashboard-manager">
      <WelcomeCard lead={t('dashboard:manager.lead')} />
      <LocationCounters />
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
