import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { NumberField } from '../../../components/form/number-field';
import type { LocationSettingData } from '../api/fragments';
import { SaveLoginSettingsMutation } from '../api/locations.mutation';
import { useFinish } from '../hooks/use-finish';
import { fieldsOf, optionalCount, SaveRow, SettingsSection } from './settings-section';

const limitsSchema = z.object({
  max_no_of_students: optionalCount,
  max_no_of_users: optionalCount,
  max_daily_logins: optionalCount,
  user_time_out: optionalCount,
  enable_max_login_feature: z.boolean(),
});

/** The limits tab: how many students, users and daily logins, and the idle time-out. */
export function LimitsForm({ setting }: { setting: LocationSettingData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, save] = useMutation(SaveLoginSettingsMutation);
  const defaults = {
    max_no_of_students: setting.max_no_of_students ?? undefined,
    max_no_of_users: setting.max_no_of_users ?? undefined,
    max_daily_logins: setting.max_daily_logins ?? undefined,
    user_time_out: setting.user_time_out ?? undefined,
    enable_max_login_feature: setting.enable_max_login_feature,
  };
  const { control, handleSubmit, formState, setError } = useForm<z.infer<typeof limitsSchema>>({
    resolver: zodResolver(limitsSchema),
    defaultValues: defaults,
  });
  return (
    <SettingsSection title={t('setup:settings.tabs.limits')} lead={t('setup:settings.limitsLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.tabs.limits')}
        onSubmit={handleSubmit(async (v) => {
          const r = await save({
            location_id: setting.location_id,
            max_no_of_students: v.max_no_of_students ?? null,
            max_no_of_users: v.max_no_of_users ?? null,
            max_daily_logins: v.max_daily_logins ?? null,
            user_time_out: v.user_time_out ?? null,
            enable_max_login_feature: v.enable_max_login_feature,
          });
          finish(r.error, r.data?.saveLoginSettings, { setError, fields: fieldsOf(defaults) });
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberField
              control={control}
              name="max_no_of_students"
              label={t('setup:settings.maxStudents')}
              description={t('setup:settings.noLimit')}
              min={0}
            />
            <NumberField
              control={control}
              name="max_no_of_users"
              label={t('setup:settings.maxUsers')}
              description={t('setup:settings.noLimit')}
              min={0}
            />
            <NumberField
              control={control}
              name="max_daily_logins"
              label={t('setup:settings.maxDailyLogins')}
              description={t('setup:settings.noLimit')}
              min={0}
            />
            <NumberField
              control={control}
              name="user_time_out"
              label={t('setup:settings.userTimeOut')}
              description={t('setup:settings.minutes')}
              min={0}
            />
          </SimpleGrid>
          <CheckboxField control={control} name="enable_max_login_feature" label={t('setup:settings.enableMaxLogin')} />
          <SaveRow busy={formState.isSubmitting} testId="save-limits" />
        </Stack>
      </form>
    </SettingsSection>
  );
}
