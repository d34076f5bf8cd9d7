import { MEAL_SLOTS } from '@kv/shared';
/**
 * The kinds of daily activity the quick entry records (their choices are `@kv/shared`'s, the
 * lists the API checks), the values a kind starts with, what it needs before Save, and the
 * variables its save mutation takes. Pure: no React, no storage.
 */
export const QUICK_KINDS = [
  'meal',
  'nap',
  'diaper',
  'bottle',
  'potty',
  'mood',
  'note',
  'kudos',
  'activity',
  'incident',
  'medication',
  'supplies',
  'observation',
  'custom',
  'photo',
  'video',
] as const;
export type QuickKind = (typeof QUICK_KINDS)[number];

/** Kinds whose entry is a file uploaded to the students album first (online only; the app hands the upload in). */
export const MEDIA_KINDS: readonly QuickKind[] = ['photo', 'video'];
export const isMediaKind = (kind: QuickKind) => MEDIA_KINDS.includes(kind);

export function isQuickKind(value: unknown): value is QuickKind {
  return typeof value === 'string' && (QUICK_KINDS as readonly string[]).includes(value);
}

/** Every kind's fields in one flat shape (a kind uses its own; `time`, `note`, `staffOnly` are everyone's). */
export interface EntryValues {
  time: string;
  note: string;
  staffOnly: boolean;
  type?: string;
  portion?: string;
  title?: string;
  amount?: number | null;
  unit?: string;
  end_time?: string;
  position?: string;
  nap?: string;
  supplies?: string[];
  medication_id?: string | null;
  dose?: string;
  by?: string;
  injury?: string;
  first_aid?: string;
  body_part?: string;
  mood?: string;
  custom?: string;
  observation?: string;
  /** The students-album photo or video of a media entry (set once its upload is saved). */
  photo?: string | null;
}

export type EntryField = Exclude<keyof EntryValues, 'staffOnly'>;

/** The values of a kind remembered on the device for next time ("last portion"). */
export type LastValues = Partial<Record<QuickKind, Partial<EntryValues>>>;

/** What each kind remembers from its last save. */
const REMEMBERED: Partial<Record<QuickKind, readonly (keyof EntryValues)[]>> = {
  meal: ['portion'],
  bottle: ['amount', 'unit', 'type'],
  nap: ['position'],
  diaper: ['type'],
  potty: ['type'],
  mood: ['mood'],
  supplies: ['supplies'],
  custom: ['custom'],
  activity: ['type'],
};

/** The meal served at this local time (HH:MM): the point of service the CACFP counts. */
export function mealSlotAt(time: string): (typeof MEAL_SLOTS)[number] {
  if (time < '10:00') return 'breakfast';
  if (time < '11:30') return 'am_snack';
  if (time < '14:00') return 'lunch';
  if (time < '16:30') return 'pm_snack';
  return 'supper';
}

/**
 * A kind's values when its form opens: the time now (the location's), the kind's usual choice or
 * the last one made on this device, the viewer as who gave a medication.
 */
export function prefill(kind: QuickKind, now: string, last: LastValues, viewerName = ''): EntryValues {
  const base: EntryValues = { time: now, note: '', staffOnly: false };
  const mine = last[kind] ?? {};
  switch (kind) {
    case 'meal':
      return { ...base, type: mealSlotAt(now), portion: mine.portion ?? 'all', title: '' };
    case 'bottle':
      return { ...base, amount: mine.amount ?? null, unit: mine.unit ?? 'oz', type: mine.type ?? 'formula' };
    case 'nap':
      return { ...base, position: mine.position ?? 'back', end_time: '', nap: '' };
    case 'diaper':
      return { ...base, type: mine.type ?? 'wet' };
    case 'potty':
      return { ...base, type: mine.type ?? 'success' };
    case 'mood':
      return { ...base, mood: mine.mood ?? 'happy' };
    case 'supplies':
      return { ...base, supplies: mine.supplies ? [...mine.supplies] : [] };
    case 'medication':
      return { ...base, medication_id: null, dose: '', by: viewerName };
    case 'incident':
      return { ...base, injury: '', first_aid: '', body_part: '', title: '' };
    case 'note':
      return { ...base, title: '' };
    case 'kudos':
      return { ...base, title: '' };
    case 'custom':
      return { ...base, custom: mine.custom ?? '', title: '', amount: null };
    case 'observation':
      return { ...base, observation: '' };
    case 'activity':
      return { ...base, title: '', type: mine.type ?? '', end_time: '' };
    case 'photo':
    case 'video':
      return { ...base, title: '', photo: null };
  }
}

/** The remembered values after a save of this kind. */
export function remember(kind: QuickKind, values: EntryValues, last: LastValues): LastValues {
  const keys = REMEMBERED[kind];
  if (!keys) return last;
  const kept: Partial<EntryValues> = {};
  for (const key of keys) {
    const value = values[key];
    if (value !== undefined && value !== null && value !== '') (kept as Record<string, unknown>)[key] = value;
  }
  return { ...last, [kind]: kept };
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The fields a kind still needs before it can be saved (the API's rules, checked again there). */
export function missingFields(kind: QuickKind, v: EntryValues): EntryField[] {
  const need: EntryField[] = [];
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(v.time)) need.push('time');
  const req = (...fields: EntryField[]) => fields.forEach((f) => blank(v[f]) && need.push(f));
  switch (kind) {
    case 'meal':
      req('type', 'portion');
      break;
    case 'bottle':
      if (!(typeof v.amount === 'number' && v.amount > 0)) need.push('amount');
      break;
    case 'nap':
      req('position');
      if (v.end_time && v.end_time <= v.time) need.push('end_time');
      break;
    case 'diaper':
    case 'potty':
      req('type');
      break;
    case 'mood':
      req('mood');
      break;
    case 'supplies':
      if (!v.supplies?.some((s) => s.trim())) need.push('supplies');
      break;
    case 'medication':
      req('medication_id', 'dose', 'by');
      break;
    case 'incident':
      req('injury', 'first_aid');
      break;
    case 'note':
      req('note');
      break;
    case 'kudos':
      req('title');
      break;
    case 'custom':
      req('custom');
      break;
    case 'observation':
      req('observation');
      break;
    case 'activity':
      req('title');
      if (v.end_time && v.end_time <= v.time) need.push('end_time');
      break;
    case 'photo':
    case 'video':
      // The file itself is the page's (uploaded on Save); `photo` is set from it then.
      break;
  }
  return need;
}

/** Where and for whom an entry is saved. */
export interface EntryTarget {
  room: string | null;
  date: string;
  students: readonly string[];
  request_id: string;
}

const text = (v: string | undefined) => (v && v.trim() ? v.trim() : null);

/** The save mutation's variables for a kind (empty texts left out, so the API's defaults apply). */
export function toVariables(kind: QuickKind, v: EntryValues, target: EntryTarget): Record<string, unknown> {
  const common = {
    id: target.room,
    date: target.date,
    time: v.time,
    students: [...target.students],
    staffOnly: v.staffOnly,
    note: text(v.note),
    request_id: target.request_id,
  };
  switch (kind) {
    case 'meal':
      return { ...common, type: v.type, portion: v.portion, title: text(v.title) };
    case 'bottle':
      return { ...common, amount: v.amount, unit: v.unit, type: v.type };
    case 'nap':
      return { ...common, position: v.position, end_time: text(v.end_time), nap: text(v.nap) };
    case 'diaper':
    case 'potty':
      return { ...common, type: v.type };
    case 'mood':
      return { ...common, mood: v.mood };
    case 'supplies':
      return { ...common, supplies: (v.supplies ?? []).map((s) => s.trim()).filter(Boolean) };
    case 'medication':
      return { ...common, medication_id: v.medication_id, dose: text(v.dose), by: text(v.by) };
    case 'incident':
      return { ...common, injury: text(v.injury), first_aid: text(v.first_aid), body_part: text(v.body_part), title: text(v.title) };
    case 'note':
    case 'kudos':
      return { ...common, title: text(v.title) };
    case 'custom':
      return { ...common, custom: text(v.custom), title: text(v.title), amount: v.amount ?? null };
    case 'observation':
      return { ...common, observation: text(v.observation) };
    case 'activity':
      return { ...common, title: text(v.title), type: text(v.type), end_time: text(v.end_time) };
    case 'photo':
    case 'video':
      return { ...common, photo: v.photo ?? null, title: text(v.title) };
  }
}
