import { normalizeLocale, type Locale } from '@kv/messaging';

/** The notice titles of daily activities, per kind and language ({child}: the children's first names). */
const TITLES: Record<Locale, Record<string, string>> = {
  en: {
    food: '{child} had something to eat',
    nap: '{child} had a nap',
    diaper: 'Diaper or potty update for {child}',
    meds: '{child} was given medication',
    activity: 'New activity for {child}',
    notes: 'A note about {child}',
    kudos: 'Kudos for {child}!',
    mood: 'How {child} is feeling',
    custom: 'An update on {child}',
    observation: 'An observation of {child}',
    media: 'New photo of {child}',
    incident: 'Incident report: {child}',
  },
  es: {
    food: '{child} comió algo',
    nap: '{child} durmió la siesta',
    diaper: 'Cambio de pañal o baño de {child}',
    meds: '{child} recibió un medicamento',
    activity: 'Nueva actividad de {child}',
    notes: 'Una nota sobre {child}',
    kudos: '¡Felicitaciones para {child}!',
    mood: 'Cómo se siente {child}',
    custom: 'Novedades de {child}',
    observation: 'Una observación de {child}',
    media: 'Nueva foto de {child}',
    incident: 'Informe de incidente: {child}',
  },
};

const OPEN: Record<Locale, string> = { en: 'Open the day to see it.', es: 'Abre el día para verlo.' };

export function activityTitle(kind: string, locale: string, child: string): string {
  const loc = normalizeLocale(locale);
  return (TITLES[loc][kind] ?? TITLES[loc].custom!).replace('{child}', child);
}

export const openTheDay = (locale: string) => OPEN[normalizeLocale(locale)];

/** Digest parts: "2 meals, 1 nap" (one word per routine kind and count). */
const DIGEST_WORDS: Record<Locale, Record<string, [string, string]>> = {
  en: {
    food: ['meal', 'meals'],
    nap: ['nap', 'naps'],
    diaper: ['diaper or potty update', 'diaper or potty updates'],
    activity: ['activity', 'activities'],
    media: ['photo', 'photos'],
    mood: ['mood update', 'mood updates'],
  },
  es: {
    food: ['comida', 'comidas'],
    nap: ['siesta', 'siestas'],
    diaper: ['cambio de pañal o baño', 'cambios de pañal o baño'],
    activity: ['actividad', 'actividades'],
    media: ['foto', 'fotos'],
    mood: ['ánimo', 'ánimos'],
  },
};

export function digestSummary(locale: string, counts: Map<string, number>): string {
  const loc = normalizeLocale(locale);
  return [...counts]
    .map(([kind, n]) => {
      const w = DIGEST_WORDS[loc][kind] ?? DIGEST_WORDS[loc].activity!;
      return `${n} ${n === 1 ? w[0] : w[1]}`;
    })
    .join(', ');
}

/** Notice titles of messages, announcements and action-item reminders ({name}: the author or the item). */
const NOTICE_TITLES: Record<Locale, Record<'message' | 'announcement' | 'reminder', string>> = {
  en: { message: 'New message from {name}', announcement: 'New announcement', reminder: 'Reminder: {name}' },
  es: { message: 'Nuevo mensaje de {name}', announcement: 'Nuevo anuncio', reminder: 'Recordatorio: {name}' },
};

export function noticeTitle(which: 'message' | 'announcement' | 'reminder', locale: string, name = ''): string {
  return NOTICE_TITLES[normalizeLocale(locale)][which].replace('{name}', name);
}

const DUE: Record<Locale, string> = { en: 'Action needed by {date}. Acknowledge it on your home page.', es: 'Acción necesaria antes del {date}. Confírmala en tu página de inicio.' };
export const dueBy = (locale: string, date: string) => DUE[normalizeLocale(locale)].replace('{date}', date);
/** Document notices (issue 20), per language ({name}: the request or file, {child}: a first name, {days}). */
const DOCUMENT_TITLES: Record<Locale, Record<string, string>> = {
  en: {
    requested: 'Please upload: {name}',
    approved: '{name} was approved',
    rejected: '{name} was not accepted: please upload it again',
    expiring: '{name} expires in {days} days',
    published: 'New file: {name}',
    gap: '{child} is missing {name}',
  },
  es: {
    requested: 'Suba por favor: {name}',
    approved: '{name} fue aprobado',
    rejected: '{name} no fue aceptado: súbalo de nuevo',
    expiring: '{name} vence en {days} días',
    published: 'Archivo nuevo: {name}',
    gap: 'A {child} le falta {name}',
  },
};

export function documentTitle(what: string, locale: string, vars: Record<string, string>): string {
  const t = DOCUMENT_TITLES[normalizeLocale(locale)][what] ?? DOCUMENT_TITLES.en[what]!;
  return t.replace(/\{(\w+)\}/g, (_, k: string) => vars[k] ?? '');
}
