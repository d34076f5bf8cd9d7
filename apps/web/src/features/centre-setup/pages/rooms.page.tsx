import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { CameraGroupsPanel } from '../components/camera-groups-panel';
import { LocationSelect } from '../components/location-select';
import { PageHeader } from '../components/page-header';
import { RoomsPanel } from '../components/rooms-panel';
import { useLocationChoice } from '../hooks/use-location-choice';

/** /rooms/:action?: the rooms of the current location (student counts) and its camera groups; /rooms/create opens the form. */
export function RoomsPage() {
  const { t } = useTranslation(['setup', 'common']);
  const { action } = useParams();
  const navigate = useNavigate();
  const choice = useLocationChoice();
  return (
    <Stack gap="md">
      <PageHeader title={t('setup:rooms.pageTitle')} lead={t('setup:rooms.lead')} actions={<LocationSelect choice={choice} />} />
      <NoLocation choice={choice} />
      {choice.locationId ? (
        <>
          <RoomsPanel
            locationId={choice.locationId}
            startCreating={action === 'create'}
            onCreatingDone={() => action && navigate(paths.rooms.to(), { replace: true })}
          />
          <CameraGroupsPanel locationId={choice.locationId} />
        </>
      ) : null}
    </Stack>
  );
}

/** Said when the viewer has no location yet (or the list failed). */
export function NoLocation({ choice }: { choice: { fetching: boolean; error?: unknown; locationId: string | null } }) {
  const { t } = useTranslation('setup');
  if (choice.error)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('setup:loadFailed')}
      </Alert>
    );
  if (choice.fetching || choice.locationId) return null;
  return <Text c="dimmed">{t('setup:common.noLocation')}</Text>;
}
