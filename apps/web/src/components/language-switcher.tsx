import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, changeLanguage, isLanguage } from '../lib/i18n';

/** A compact language choice for guest pages (no popover, so the sign-in page stays light). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  return (
    <Group gap={4} role="group" aria-label={t('common:language.choose')} data-testid="language-switcher">
      {LANGUAGES.map((language) => (
        <Button
          key={language}
          size="compact-sm"
          variant={language === current ? 'light' : 'subtle'}
          color={language === current ? 'primary' : 'gray'}
          aria-pressed={language === current}
          lang={language}
          data-testid={`language-${language}`}
          onClick={() => void changeLanguage(i18n, language)}
        >
          {t(`common:language.names.${language}`)}
        </Button>
      ))}
    </Group>
  );
}
