import { Button, Group, Stack } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { CameraSettingsCard } from '../components/camera-settings-card';
import { CamerasPanel } from '../components/cameras-panel';
import { LocationSelect } from '../components/location-select';
import { PageHeader } from '../components/page-header';
import { useLocationChoice } from '../hooks/use-location-choice';
import { NoLocation } from './rooms.page';

/** /cameras: the current location's cameras (order, colours, schedules, bulk create) and player settings. */
export function CamerasPage() {
  const { t } = useTranslation(['setup', 'common']);
  const choice = useLocationChoice();
  return (
    <Stack gap="md">
      <PageHeader
        title={t('setup:cameras.pageTitle')}
        lead={t('setup:cameras.lead')}
        actions={
          <Group gap="sm" align="flex-end">
            <LocationSelect choice={choice} />
            <Button
              component={Link}
              to={paths.importCameras.to()}
              variant="light"
              leftSection={<IconFileImport size={16} aria-hidden />}
              data-testid="import-cameras-link"
            >
              {t('setup:cameras.importCsv')}
            </Button>
          </Group>
        }
      />
      <NoLocation choice={choice} />
      {choice.locationId ? (
        <>
          <CamerasPanel key={choice.locationId} locationId={choice.locationId} />
          <CameraSettingsCard key={`s-${choice.locationId}`} locationId={choice.locationId} />
        </>
      ) : null}
    </Stack>
  );
}
