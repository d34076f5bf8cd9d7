import { Alert, Anchor, Badge, Card, Group, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { EmailText, PhoneText } from '../../../components/formatted';
import { paths } from '../../../lib/paths';
import { LocationQuery } from '../api/locations.query';
import { CameraGroupsPanel } from '../components/camera-groups-panel';
import { CameraSettingsCard } from '../components/camera-settings-card';
import { CamerasPanel } from '../components/cameras-panel';
import { ColourSwatch } from '../components/colour-swatch';
import { LocationSettingsPanel, SETTINGS_TABS, type SettingsTab } from '../components/location-settings';
import { SETTINGS_CONTEXT } from '../forms/settings-section';
import { ManagersPanel } from '../components/managers-panel';
import { PageHeader } from '../components/page-header';
import { RoomsPanel } from '../components/rooms-panel';

const TABS = [
  ['rooms', paths.locationRooms],
  ['programs', paths.locationPrograms],
  ['cameras', paths.locationCameras],
  ['managers', paths.locationManagers],
  ['camera-groups', paths.locationCameraGroups],
  ['settings', paths.locationSettings],
] as const;
type Tab = (typeof TABS)[number][0];

/** /location/:locationId and its child tabs: one location's rooms, programs, cameras, managers, camera groups and settings. */
export function LocationPage() {
  const { t } = useTranslation(['setup', 'common']);
  const { locationId = '' } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [settingsTab, setSettingsTab] = useState<SettingsTab>('limits');
  const [{ data, error }] = useQuery({ query: LocationQuery, variables: { id: locationId }, context: SETTINGS_CONTEXT });
  const active: Tab = TABS.find(([name]) => pathname.endsWith(`/${name}`))?.[0] ?? 'rooms';
  const location = data?.location;
  if (error)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('setup:location.notFound')}
      </Alert>
    );
  return (
    <Stack gap="md">
      <PageHeader
        title={location?.name ?? t('common:loading')}
        actions={
          location ? (
            <Badge variant="light" color={location.active ? 'success' : 'gray'}>
              {location.active ? t('setup:status.active') : t('setup:status.inactive')}
            </Badge>
          ) : null
        }
      />
      {location ? (
        <Card withBorder radius="md" padding="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
            <Detail label={t('setup:fields.timezone')}>{location.timezone.name}</Detail>
            <Detail label={t('setup:fields.email')}>
              <EmailText value={location.email} />
            </Detail>
            <Detail label={t('setup:fields.phone')}>
              <PhoneText value={location.phone} />
            </Detail>
            <Detail label={t('setup:fields.colour')}>
              <ColourSwatch colour={location.color_code} />
            </Detail>
            <Detail label={t('setup:fields.address')}>{location.address}</Detail>
            <Detail label={t('setup:fields.signupCode')}>
              {location.is_signup ? location.signup_code : t('setup:locations.signupOff')}
            </Detail>
            <Detail label={t('setup:fields.mapUrl')}>
              {location.map_url ? (
                <Anchor href={location.map_url} target="_blank" rel="noreferrer" size="sm">
                  {t('setup:location.openMap')}
                </Anchor>
              ) : null}
            </Detail>
            <Detail label={t('setup:fields.pinUrl')}>
              {location.pin_url ? (
                <Anchor href={location.pin_url} target="_blank" rel="noreferrer" size="sm">
                  {t('setup:location.openPin')}
                </Anchor>
              ) : null}
            </Detail>
          </SimpleGrid>
        </Card>
      ) : null}
      <Tabs value={active} onChange={(next) => next && navigate(TABS.find(([n]) => n === next)![1].to({ locationId }))} keepMounted={false}>
        <Tabs.List>
          {TABS.map(([name]) => (
            <Tabs.Tab key={name} value={name} data-testid={`location-tab-${name}`}>
              {t(`setup:location.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={active} pt="md">
          {!location ? null : active === 'rooms' ? (
            <RoomsPanel locationId={location.id} />
          ) : active === 'programs' ? (
            <RoomsPanel locationId={location.id} variant="programs" />
          ) : active === 'cameras' ? (
            <Stack>
              <CamerasPanel locationId={location.id} />
              <CameraSettingsCard locationId={location.id} />
            </Stack>
          ) : active === 'managers' ? (
            <ManagersPanel key={location.managers.map((m) => m.id).join()} location={location} />
          ) : active === 'camera-groups' ? (
            <CameraGroupsPanel locationId={location.id} />
          ) : (
            <Tabs value={settingsTab} onChange={(v) => v && setSettingsTab(v as SettingsTab)} variant="pills" keepMounted={false}>
              <Tabs.List>
                {SETTINGS_TABS.map((name) => (
                  <Tabs.Tab key={name} value={name}>
                    {t(`setup:settings.tabs.${name}`)}
                  </Tabs.Tab>
                ))}
              </Tabs.List>
              <Tabs.Panel value={settingsTab} pt="md">
                <LocationSettingsPanel locationId={location.id} tab={settingsTab} />
              </Tabs.Panel>
            </Tabs>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Group gap={4}>
        {children ? (
          <Text size="sm" component="div">
            {children}
          </Text>
        ) : (
          <Text size="sm">—</Text>
        )}
      </Group>
    </div>
  );
}
