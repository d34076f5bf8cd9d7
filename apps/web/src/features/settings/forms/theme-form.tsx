import { zodResolver } from '@hookform/resolvers/zod';
import { Button, ColorInput, Group, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { CAMERA_MODULE_SETTINGS, THEME_COLOURS, THEME_MODES, isHexColour } from '@kv/shared';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { TextField } from '../../../components/form/text-field';
import { useFieldError } from '../../../components/form/field-base';
import { accessibleFill, paletteFrom, textOn } from '../../../lib/theme';
import { themeFormSchema, type ThemeFormValues } from './theme-form.schema';
import type { UseFormSetError } from 'react-hook-form';

const SWATCHES = [THEME_COLOURS.primary, THEME_COLOURS.success, THEME_COLOURS.danger, THEME_COLOURS.warning, THEME_COLOURS.dark, '#00CFE8'];

function ContrastPreview({ colour }: { colour: string }) {
  const { t } = useTranslation(['settings', 'common']);
  // What filled buttons really use: the colour, or the nearest shade that keeps text readable.
  const background = accessibleFill(paletteFrom(isHexColour(colour) ? colour : THEME_COLOURS.primary));
  return (
    <div
      data-testid="theme-preview"
      style={{ background, color: textOn(background), borderRadius: 8, padding: '12px 16px', fontWeight: 600 }}
    >
      {t('settings:theme.preview')}
    </div>
  );
}

export function ThemeForm({
  defaults,
  onSubmit,
}: {
  defaults: ThemeFormValues;
  onSubmit(values: ThemeFormValues, setError: UseFormSetError<ThemeFormValues>): Promise<void>;
}) {
  const { t } = useTranslation(['settings', 'common']);
  const errorText = useFieldError();
  const { control, handleSubmit, setError, formState } = useForm<ThemeFormValues>({
    resolver: zodResolver(themeFormSchema),
    defaultValues: defaults,
  });
  const colour = useWatch({ control, name: 'theme_color' });
  return (
    <form noValidate aria-label={t('settings:theme.title')} onSubmit={handleSubmit((values) => onSubmit(values, setError))}>
      <Stack gap="lg">
        <Controller
          control={control}
          name="theme_mode"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="theme-mode-label">
                {t('settings:theme.mode')}
              </Text>
              <SegmentedControl
                aria-labelledby="theme-mode-label"
                value={field.value}
                onChange={field.onChange}
                data={THEME_MODES.map((m) => ({ value: m, label: t(`shell:theme.modes.${m}`) }))}
                data-testid="customizer-mode"
              />
            </Stack>
          )}
        />
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Controller
            control={control}
            name="theme_color"
            render={({ field, fieldState }) => (
              <ColorInput
                label={t('settings:theme.colour')}
                description={t('settings:theme.colourHint')}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                format="hex"
                swatches={SWATCHES}
                error={errorText(fieldState.error)}
                popoverProps={{ withinPortal: true }}
                eyeDropperButtonProps={{ 'aria-label': t('settings:theme.eyeDropper') }}
                data-testid="customizer-colour"
              />
            )}
          />
          <ContrastPreview colour={colour} />
          <TextField control={control} name="set_title" label={t('settings:theme.setTitle')} />
          <TextField control={control} name="top_bar_title" label={t('settings:theme.topBarTitle')} />
          <TextField control={control} name="app_logo" label={t('settings:theme.appLogo')} description={t('settings:theme.urlHint')} />
          <TextField
            control={control}
            name="login_page_image"
            label={t('settings:theme.loginImage')}
            description={t('settings:theme.urlHint')}
          />
          <CheckboxField control={control} name="collapse_sidebar" label={t('settings:theme.collapseSidebar')} />
          <CheckboxField control={control} name="show_room_ration_widget" label={t('settings:theme.roomRatioWidget')} />
        </SimpleGrid>
        <Controller
          control={control}
          name="camera_module_setting"
          render={({ field }) => (
            <Stack gap={4}>
              <Text size="sm" fw={500} id="camera-layout-label">
                {t('settings:theme.cameraLayout')}
              </Text>
              <Text size="xs" c="dimmed" id="camera-layout-hint">
                {t('settings:theme.cameraLayoutHint')}
              </Text>
              <SegmentedControl
                aria-labelledby="camera-layout-label"
                aria-describedby="camera-layout-hint"
                value={field.value}
                onChange={field.onChange}
                data={CAMERA_MODULE_SETTINGS.map((m) => ({ value: m, label: t(`settings:theme.cameraLayouts.${m}`) }))}
                data-testid="customizer-camera-layout"
              />
            </Stack>
          )}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting} data-testid="customizer-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
