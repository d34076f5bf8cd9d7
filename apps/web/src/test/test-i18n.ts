import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { deepMerge } from '../lib/i18n';

type Json = { [key: string]: Json | string };

const files = import.meta.glob<Json>('../locales/*/*.json', { eager: true, import: 'default' });

/** Every bundle, keyed by language then file name (namespaces and the dogs overlay). */
export function localeBundles(): Record<string, Record<string, Json>> {
  const out: Record<string, Record<string, Json>> = {};
  for (const [path, json] of Object.entries(files)) {
    const [, language, file] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path)!;
    (out[language!] ??= {})[file!] = json;
  }
  return out;
}

/** An i18next instance with every namespace loaded synchronously (optionally with the dogs overlay). */
export async function createTestI18n(language = 'en', pack: 'default' | 'dogs' = 'default'): Promise<I18n> {
  const bundles = localeBundles();
  const resources: Record<string, Record<string, Json>> = {};
  for (const [lng, namespaces] of Object.entries(bundles)) {
    const dogs = namespaces.dogs ?? {};
    resources[lng] = {};
    for (const [ns, json] of Object.entries(namespaces)) {
      if (ns === 'dogs') continue;
      const overlay = pack === 'dogs' ? dogs[ns] : undefined;
      resources[lng]![ns] = overlay && typeof overlay === 'object' ? deepMerge(json, overlay) : json;
    }
  }
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'es',
    resources,
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
    showSupportNotice: false,
  });
  return instance;
}
