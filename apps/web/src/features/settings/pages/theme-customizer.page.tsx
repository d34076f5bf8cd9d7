import { Alert, Card, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery } from 'urql';
import {
  CAMERA_MODULE_SETTINGS,
  DEFAULT_CAMERA_MODULE_SETTING,
  DEFAULT_THEME_MODE,
  THEME_COLOURS,
  type CameraModuleSetting,
} from '@kv/shared';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { useThemeControls } from '../../../lib/shell-context';
import { isThemeMode } from '../../../lib/theme';
import { SaveAppSettingsMutation } from '../api/save-app-settings.mutation';
import { ThemeSettingQuery } from '../api/theme-setting.query';
import type { ThemeSettingData } from '../api/theme-setting.fragment';
import { THEME_FORM_FIELDS, type ThemeFormValues } from '../forms/theme-form.schema';
import { ThemeForm } from '../forms/theme-form';

function toForm(setting: ThemeSettingData): ThemeFormValues {
  return {
    theme_mode: isThemeMode(setting.theme_mode) ? setting.theme_mode : DEFAULT_THEME_MODE,
    theme_color: setting.theme_color ?? '',
    set_title: setting.set_title ?? '',
    top_bar_title: setting.top_bar_title ?? '',
    app_logo: setting.app_logo ?? '',
    login_page_image: setting.login_page_image ?? '',
    collapse_sidebar: setting.collapse_sidebar,
    show_room_ration_widget: setting.show_room_ration_widget,
    camera_module_setting: CAMERA_MODULE_SETTINGS.includes(setting.camera_module_setting as CameraModuleSetting)
      ? (setting.camera_module_setting as CameraModuleSetting)
      : DEFAULT_CAMERA_MODULE_SETTING,
  };
}

const orNull = (value: string) => (value === '' ? null : value);

/** /theme-customizer (manager and above): the centre's theme settings, applied on save. */
export function ThemeCustomizerPage() {
  const { t } = useTranslation(['settings', 'common']);
  const [{ data, fetching, error }] = useQuery({ query: ThemeSettingQuery });
  const [, save] = useMutation(SaveAppSettingsMutation);
  const { applyCentreSetting } = useThemeControls();
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t('settings:theme.title')}
        </Title>
        <Text c="dimmed">{t('settings:theme.lead')}</Text>
      </div>
      <Card withBorder radius="md" padding="lg">
        {error ? (
          <Alert color="danger" variant="light" role="alert">
            {t('settings:theme.loadFailed')}
          </Alert>
        ) : fetching || !data ? (
          <Loader role="status" aria-label={t('common:loading')} />
        ) : (
          <ThemeForm
            defaults={toForm(data.getThemeSetting)}
            onSubmit={async (values, setError) => {
              const result = await save({
                input: {
                  ...values,
                  // Empty means the default colour: saved explicitly, since a missing value leaves the old one.
                  theme_color: values.theme_color || THEME_COLOURS.primary,
                  set_title: orNull(values.set_title),
                  top_bar_title: orNull(values.top_bar_title),
                  app_logo: orNull(values.app_logo),
                  login_page_image: orNull(values.login_page_image),
                },
              });
              if (reportMutationError(result.error, t, { setError, fields: THEME_FORM_FIELDS })) return;
              const payload = result.data?.saveAppSettings;
              if (!payload) return;
              showNotice(payload);
              if (payload.status) applyCentreSetting(payload.setting, { override: true });
            }}
          />
        )}
      </Card>
    </Stack>
  );
}
