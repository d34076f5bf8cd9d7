import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
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
      <PageHeader title={t('setup:cameras.pageTitle')} lead={t('setup:cameras.lead')} actions={<LocationSelect choice={choice} />} />
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
