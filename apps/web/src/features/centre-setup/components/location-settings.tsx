import { Alert, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useQuery } from 'urql';
import { LocationSettingQuery } from '../api/locations.query';
import { BillingForm } from '../forms/settings-billing-form';
import { CheckInForm } from '../forms/settings-check-in-form';
import { DefaultsForm } from '../forms/settings-defaults-form';
import { EmailVerification } from '../forms/settings-email-form';
import { LimitsForm } from '../forms/settings-limits-form';
import { NotificationsForm } from '../forms/settings-notifications-form';
import { ParentsForm } from '../forms/settings-parents-form';
import { SETTINGS_CONTEXT } from '../forms/settings-section';
import { SignupForm } from '../forms/settings-signup-form';

/** The Location-settings tabs of spec §3, in menu order; each tab's form is its own file under forms/. */
export const SETTINGS_TABS = ['limits', 'signup', 'notifications', 'parents', 'check-in', 'defaults', 'email', 'billing'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The settings of one location, the tab chosen by the caller. */
export function LocationSettingsPanel({ locationId, tab }: { locationId: string; tab: SettingsTab }) {
  const { t } = useTranslation(['setup', 'common']);
  const [{ data, fetching, error }] = useQuery({
    query: LocationSettingQuery,
    variables: { location_id: locationId },
    context: SETTINGS_CONTEXT,
  });
  if (error)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('setup:loadFailed')}
      </Alert>
    );
  if (!data || fetching) return <Text c="dimmed">{t('common:loading')}</Text>;
  const setting = data.getLocationSettingData;
  const location = data.location;
  const key = `${locationId}-${tab}`;
  switch (tab) {
    case 'limits':
      return <LimitsForm key={key} setting={setting} />;
    case 'signup':
      return <SignupForm key={key} setting={setting} location={location} />;
    case 'notifications':
      return <NotificationsForm key={key} setting={setting} />;
    case 'parents':
      return <ParentsForm key={key} setting={setting} />;
    case 'check-in':
      return <CheckInForm key={key} setting={setting} location={location} />;
    case 'defaults':
      return <DefaultsForm key={key} setting={setting} address={data.getLocationDefaultAddress.address} />;
    case 'email':
      return <EmailVerification key={key} location={location} />;
    case 'billing':
      return <BillingForm key={key} location={location} />;
  }
}
