import { describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from './i18n';

describe('initI18n', () => {
  it('loads only the active language: Spanish arrives when chosen', async () => {
    const i18n = await initI18n('default', 'en');
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('es', 'common')).toBe(false);
    await i18n.loadNamespaces('auth');
    expect(i18n.hasResourceBundle('es', 'auth')).toBe(false);

    await changeLanguage(i18n, 'es');
    expect(i18n.hasResourceBundle('es', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('es', 'auth')).toBe(true);
    expect(i18n.t('common:language.names.en')).not.toBe('common:language.names.en');
  });

  it('keeps Spanish as the fallback of anything but English', async () => {
    const i18n = await initI18n('default', 'en');
    expect(i18n.languages).toEqual(['en']);
    expect(i18n.services.languageUtils.toResolveHierarchy('es')).toEqual(['es']);
    expect(i18n.services.languageUtils.toResolveHierarchy('fr')).toEqual(['es']);
  });
});
