import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage, isLanguage, type Language } from '../../lib/i18n';

/** Switches the interface language; the choice is kept in local storage. */
export function LanguageMenu({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation('common');
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconLanguage size={16} aria-hidden />}
          data-testid="language-switcher"
        >
          {compact ? current.toUpperCase() : t(`common:language.names.${current}`)}
          <VisuallyHidden>{t('common:language.choose')}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {LANGUAGES.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            data-testid={`language-${language}`}
            rightSection={language === current ? <IconCheck size={14} aria-hidden /> : null}
            onClick={() => void changeLanguage(i18n, language)}
          >
            {t(`common:language.names.${language}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
