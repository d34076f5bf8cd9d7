import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { LanguagePack } from './app-config';
import { readString, writeString } from './local-store';
import { STORAGE_KEYS } from './storage-keys';

export const LANGUAGES = ['en', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Spec §1: default locale en, fallback es. */
export const FALLBACK_LANGUAGE: Language = 'es';
export const NAMESPACES = [
  'common',
  'shell',
  'auth',
  'account',
  'pages',
  'dashboard',
  'access',
  'settings',
  'operator',
  'setup',
  'people',
  'attendance',
  'cameras',
  'photos',
  'activities',
  'chat',
  'foodMenu',
  'forms',
  'notifications',
  'announcements',
  'calendar',
  'schedules',
  'billing',
  'agencies',
  'sms',
  'billingParent',
  'newsletters',
  'documents',
  'immunizations',
  'platformBilling',
  'signup',
] as const;
export type Namespace = (typeof NAMESPACES)[number];
/** The pet pack: per language, `{ <namespace>: { ...keys to override } }`. */
export const DOGS_OVERLAY = 'dogs';

type Json = { [key: string]: Json | string };
type Loader = () => Promise<Json>;

const bundles = import.meta.glob<Json>('../locales/*/*.json', { import: 'default' });

function loaderFor(language: string, file: string): Loader | undefined {
  return bundles[`../locales/${language}/${file}.json`];
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function deepMerge(base: Json, overlay: Json): Json {
  const out: Json = { ...base };
  for (const [key, value] of Object.entries(overlay)) {
    const current = out[key];
    out[key] = typeof value === 'object' && typeof current === 'object' ? deepMerge(current, value) : value;
  }
  return out;
}

/** Loads one namespace; on a pet-care centre the dogs overlay is merged over it. */
export function overlayBackend(pack: LanguagePack): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      const base = loaderFor(language, namespace);
      if (!base) {
        callback(new Error(`No translations for ${language}/${namespace}`), false);
        return;
      }
      const overlay = pack === 'dogs' ? loaderFor(language, DOGS_OVERLAY) : undefined;
      Promise.all([base(), overlay ? overlay() : Promise.resolve(null)])
        .then(([resources, dogs]) => {
          const patch = dogs?.[namespace];
          callback(null, (patch && typeof patch === 'object' ? deepMerge(resources, patch) : resources) as ResourceKey);
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false));
    },
  };
}

export function initialLanguage(): Language {
  const stored = readString(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  const browser = typeof navigator !== 'undefined' ? navigator.language.slice(0, 2) : '';
  return isLanguage(browser) ? browser : DEFAULT_LANGUAGE;
}

export async function initI18n(pack: LanguagePack, language: Language = initialLanguage()): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance
    .use(overlayBackend(pack))
    .use(initReactI18next)
    .init({
      lng: language,
      // English is the reference (locales.test.ts keeps both languages' keys equal), so English
      // needs no fallback and an English user never downloads Spanish until choosing it.
      fallbackLng: { [DEFAULT_LANGUAGE]: [], default: [FALLBACK_LANGUAGE] },
      supportedLngs: [...LANGUAGES],
      ns: ['common'],
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: true },
      showSupportNotice: false,
    });
  syncDocumentLanguage(instance.language);
  instance.on('languageChanged', syncDocumentLanguage);
  return instance;
}

function syncDocumentLanguage(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  writeString(STORAGE_KEYS.language, language);
  await instance.changeLanguage(language);
}
