import { Stack, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMutation } from 'urql';
import type { LocationData } from '../api/fragments';
import { UpdateLocationBillingMutation, UpdateLocationBillingRequestMutation } from '../api/locations.mutation';
import { useFinish } from '../hooks/use-finish';
import { SETTINGS_CONTEXT, SettingsSection } from './settings-section';

/** The billing tab. */
export function BillingForm({ location }: { location: LocationData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, setBilling] = useMutation(UpdateLocationBillingMutation);
  const [, setRequest] = useMutation(UpdateLocationBillingRequestMutation);
  return (
    <SettingsSection title={t('setup:settings.tabs.billing')} lead={t('setup:settings.billingLead')}>
      <Stack gap="sm">
        <Switch
          label={t('setup:settings.billingOn')}
          checked={Boolean(location.billing)}
          onChange={async (e) => {
            const r = await setBilling({ location_id: location.id, billing: e.currentTarget.checked }, SETTINGS_CONTEXT);
            finish(r.error, r.data?.updateLocationBilling);
          }}
        />
        <Switch
          label={t('setup:settings.billingRequest')}
          checked={Boolean(location.location_billing_request?.value)}
          onChange={async (e) => {
            const r = await setRequest({ location_id: location.id, value: e.currentTarget.checked }, SETTINGS_CONTEXT);
            finish(r.error, r.data?.updateLocationBillingRequestSetting);
          }}
          data-testid="billing-request"
        />
      </Stack>
    </SettingsSection>
  );
}
