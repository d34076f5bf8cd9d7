import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Fieldset, Group, SimpleGrid, Stack } from '@mantine/core';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { NumberField } from '../../../components/form/number-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { streamingSettingsSchema, type StreamingSettingsValues } from './streaming-settings-form.schema';

/** A location's streaming: which server, the player (camera settings), the viewing rules and the stream mode. */
export function StreamingSettingsForm({
  defaults,
  servers,
  onSubmit,
}: {
  defaults: StreamingSettingsValues;
  servers: { value: string; label: string }[];
  onSubmit(values: StreamingSettingsValues, setError: UseFormSetError<StreamingSettingsValues>): Promise<void>;
}) {
  const { t } = useTranslation(['cameras', 'common']);
  const { control, handleSubmit, setError, formState } = useForm<StreamingSettingsValues>({
    resolver: zodResolver(streamingSettingsSchema),
    defaultValues: defaults,
  });
  return (
    <form noValidate aria-label={t('cameras:streamings.formLabel')} onSubmit={handleSubmit((v) => onSubmit(v, setError))}>
      <Stack gap="lg">
        <Fieldset legend={t('cameras:streamings.serverLegend')}>
          <Stack gap="sm">
            <SelectField
              control={control}
              name="streaming_server_id"
              label={t('cameras:streamings.server')}
              data={[{ value: '', label: t('cameras:streamings.defaultServer') }, ...servers]}
            />
            <SelectField
              control={control}
              name="value"
              label={t('cameras:streamings.mode')}
              required
              data={[
                { value: 'hls', label: t('cameras:streamings.modes.hls') },
                { value: 'll-hls', label: t('cameras:streamings.modes.llhls') },
              ]}
            />
            <CheckboxField
              control={control}
              name="enable_test_mode"
              label={t('cameras:streamings.testMode')}
              description={t('cameras:streamings.testModeHint')}
            />
          </Stack>
        </Fieldset>
        <Fieldset legend={t('cameras:streamings.playerLegend')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberField control={control} name="width" label={t('cameras:streamings.width')} required min={100} max={4096} />
            <NumberField control={control} name="height" label={t('cameras:streamings.height')} required min={100} max={4096} />
            <TextField
              control={control}
              name="server"
              label={t('cameras:streamings.playerServer')}
              description={t('cameras:streamings.playerServerHint')}
            />
            <CheckboxField control={control} name="fullscreen" label={t('cameras:streamings.fullscreen')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend={t('cameras:streamings.rulesLegend')}>
          <Stack gap="sm">
            <CheckboxField
              control={control}
              name="only_checked_in"
              label={t('cameras:streamings.onlyCheckedIn')}
              description={t('cameras:streamings.onlyCheckedInHint')}
            />
            <CheckboxField
              control={control}
              name="watermark"
              label={t('cameras:streamings.watermark')}
              description={t('cameras:streamings.watermarkHint')}
            />
            <NumberField control={control} name="heartbeat_seconds" label={t('cameras:streamings.heartbeat')} required min={5} max={60} />
          </Stack>
        </Fieldset>
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting} data-testid="streamings-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
