import { Stack, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { LocationSelect } from '../components/location-select';
import { LocationSettingsPanel, SETTINGS_TABS, type SettingsTab } from '../components/location-settings';
import { PageHeader } from '../components/page-header';
import { useLocationChoice } from '../hooks/use-location-choice';
import { NoLocation } from './rooms.page';

const isTab = (value: string | undefined): value is SettingsTab => (SETTINGS_TABS as readonly string[]).includes(value ?? '');

/** /manage-location/:tab?: every Location-settings tab of the current location. */
export function ManageLocationPage() {
  const { t } = useTranslation(['setup', 'common']);
  const { tab } = useParams();
  const navigate = useNavigate();
  const choice = useLocationChoice();
  if (tab !== undefined && !isTab(tab)) return <Navigate to={paths.manageLocation.to()} replace />;
  const active: SettingsTab = isTab(tab) ? tab : 'limits';
  return (
    <Stack gap="md">
      <PageHeader title={t('setup:settings.pageTitle')} lead={t('setup:settings.lead')} actions={<LocationSelect choice={choice} />} />
      <NoLocation choice={choice} />
      <Tabs value={active} onChange={(next) => next && navigate(paths.manageLocation.to({ tab: next }))} keepMounted={false}>
        <Tabs.List>
          {SETTINGS_TABS.map((name) => (
            <Tabs.Tab key={name} value={name} data-testid={`settings-tab-${name}`}>
              {t(`setup:settings.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {choice.locationId ? (
          <Tabs.Panel value={active} pt="md">
            <LocationSettingsPanel locationId={choice.locationId} tab={active} />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
