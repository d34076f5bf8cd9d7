import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form/text-field';
import type { LocationSettingData } from '../api/fragments';
import { SaveAddressSettingsMutation } from '../api/locations.mutation';
import { useFinish } from '../hooks/use-finish';
import { fieldsOf, SaveRow, SETTINGS_CONTEXT, SettingsSection } from './settings-section';

const defaultsSchema = z.object({
  default_city: z.string().trim().max(100, 'common:validation.tooLong'),
  default_state: z.string().trim().max(60, 'common:validation.tooLong'),
  default_zip: z
    .string()
    .trim()
    .max(20, 'common:validation.tooLong')
    .regex(/^[A-Za-z0-9 -]*$/, 'setup:validation.zip'),
});

/** The defaults tab: the city, state and zip new people get. */
export function DefaultsForm({ setting, address }: { setting: LocationSettingData; address: string | null }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const [, save] = useMutation(SaveAddressSettingsMutation);
  const defaults = {
    default_city: setting.default_city ?? '',
    default_state: setting.default_state ?? '',
    default_zip: setting.default_zip ?? '',
  };
  const { control, handleSubmit, formState, setError } = useForm<z.infer<typeof defaultsSchema>>({
    resolver: zodResolver(defaultsSchema),
    defaultValues: defaults,
  });
  return (
    <SettingsSection title={t('setup:settings.tabs.defaults')} lead={t('setup:settings.defaultsLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.tabs.defaults')}
        onSubmit={handleSubmit(async (v) => {
          const r = await save(
            {
              location_id: setting.location_id,
              default_city: v.default_city || null,
              default_state: v.default_state || null,
              default_zip: v.default_zip || null,
            },
            SETTINGS_CONTEXT,
          );
          finish(r.error, r.data?.saveAddressSettings, { setError, fields: fieldsOf(defaults) });
        })}
      >
        <Stack gap="sm">
          <Text size="sm">
            {t('setup:fields.address')}: {address || t('setup:settings.noAddress')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextField control={control} name="default_city" label={t('setup:settings.city')} />
            <TextField control={control} name="default_state" label={t('setup:settings.state')} />
            <TextField control={control} name="default_zip" label={t('setup:settings.zip')} />
          </SimpleGrid>
          <SaveRow busy={formState.isSubmitting} />
        </Stack>
      </form>
    </SettingsSection>
  );
}
