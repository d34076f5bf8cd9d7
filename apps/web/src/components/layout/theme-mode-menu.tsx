import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconMoon, IconSun, IconSunMoon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { THEME_MODES, type ThemeMode } from '@kv/shared';
import { useThemeControls } from '../../lib/shell-context';

const ICONS: Record<ThemeMode, typeof IconSun> = { light: IconSun, 'semi-dark': IconSunMoon, dark: IconMoon };

/** Dark, semi-dark (default) or light; kept under the `theme-mode` key. */
export function ThemeModeMenu() {
  const { t } = useTranslation('common');
  const { mode, setMode } = useThemeControls();
  const Current = ICONS[mode];
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('shell:theme.choose')}
          data-testid="theme-mode-menu"
          data-mode={mode}
        >
          <Current size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {THEME_MODES.map((option) => {
          const Icon = ICONS[option];
          return (
            <Menu.Item
              key={option}
              leftSection={<Icon size={16} aria-hidden />}
              rightSection={option === mode ? <IconCheck size={14} aria-hidden /> : null}
              onClick={() => setMode(option)}
              data-testid={`theme-mode-${option}`}
            >
              {t(`shell:theme.modes.${option}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
