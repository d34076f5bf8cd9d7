import { useEffect } from 'react';
import { useQuery } from 'urql';
import { useThemeControls } from '../../../lib/shell-context';
import { ThemeSettingQuery } from '../api/theme-setting.query';

/** Applies the centre's theme settings (they answer guests too, so the sign-in page is branded). */
export function CentreThemeSync() {
  const [{ data }] = useQuery({ query: ThemeSettingQuery });
  const { applyCentreSetting } = useThemeControls();
  const setting = data?.getThemeSetting;
  useEffect(() => {
    if (setting) applyCentreSetting(setting);
  }, [setting, applyCentreSetting]);
  return null;
}
