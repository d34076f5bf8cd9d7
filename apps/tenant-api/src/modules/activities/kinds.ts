import { z } from 'zod';
import { badInput } from '@kv/server';
import {
  BOTTLE_CONTENTS,
  BOTTLE_UNITS,
  DIAPER_TYPES,
  MEAL_SLOTS,
  MOODS,
  NAP_POSITIONS,
  NAP_QUALITY,
  PORTIONS,
  POTTY_RESULTS,
} from '@kv/shared';
import { id } from '../../core/args.ts';
import { localTime } from '../../core/time.ts';

/**
 * The kinds of daily activity stored in `activities` (spec §3 kinds; mood, custom, observation)
 * and each one's rules. A kind's arguments are checked twice over: its zod object (shape, lists,
 * lengths) and `rules` (relations between fields). Its values go to the §3 columns; what §3 has
 * no column for goes to `details`, checked by the kind's own `details` schema.
 * Absent, health check, check-in and check-out are not here: they are attendance's and health's
 * rows (service/delegated.ts). Photo and video entries point at a students-album row of the
 * photos area (`photo` / `video`): tagged under its consent rules in the write, shown to
 * guardians only once that row is approved and their consent allows it (MEDIA_OF).
 */

const choice = <T extends readonly [string, ...string[]]>(values: T, what: string) =>
  z.enum(values, { message: `Choose the ${what}: ${values.join(', ')}.` });
const text = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} has at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));
const needed = (max: number, what: string, field: string) =>
  z
    .string({ message: `Write the ${field}.` })
    .trim()
    .min(1, `Write the ${field}.`)
    .max(max, `${what} has at most ${max} characters.`);

/** Values a kind writes: §3 columns and its details. */
export interface KindValues {
  end_time?: string | null;
  amount?: number | null;
  type?: string | null;
  note?: string | null;
  title?: string | null;
  by?: string | null;
  nap?: string | null;
  observation?: string | null;
  position?: string | null;
  mood?: string | null;
  custom?: string | null;
  video?: string | null;
  skills?: string[];
  details: Record<string, unknown>;
}

export interface KindDef {
  /** The kind's own arguments (besides date, time, students, photo, staffOnly, note, request_id). */
  args: z.ZodObject<z.ZodRawShape>;
  /** Its values for the row, after the cross-field rules. */
  values(a: Record<string, any>, time: string): KindValues;
  /** The row's stored values back as arguments (an update merges the changes into these). */
  fromRow(r: Record<string, any>): Record<string, unknown>;
  /** `details` as stored: checked on every write. */
  details: z.ZodType<Record<string, unknown>>;
  /** An incident reaches guardians at once, approval or not. */
  alwaysShown?: boolean;
  /** The medication rule (service: one of each child's `student_medications`). */
  medication?: boolean;
}

const caption = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `The caption has at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

const noDetails = z.object({}).strict();

export const KINDS = {
  bottle: {
    args: z.object({
      amount: z
        .number({ message: 'Enter the amount.' })
        .positive('The amount must be more than 0.')
        .max(1000, 'The amount is at most 1000.'),
      unit: choice(BOTTLE_UNITS, 'unit').nullish(),
      type: choice(BOTTLE_CONTENTS, 'contents').nullish(),
    }),
    values: (a) => ({ amount: a.amount, type: a.type ?? 'formula', details: { unit: a.unit ?? 'ml' } }),
    fromRow: (r) => ({ amount: r.amount === null ? null : Number(r.amount), type: r.type, unit: r.details?.unit }),
    details: z.object({ unit: choice(BOTTLE_UNITS, 'unit') }).strict(),
  },
  meal: {
    args: z.object({
      type: choice(MEAL_SLOTS, 'meal'),
      portion: choice(PORTIONS, 'portion'),
      title: text(200, 'The menu'),
    }),
    values: (a) => ({ type: a.type, title: a.title, details: { portion: a.portion } }),
    fromRow: (r) => ({ type: r.type, title: r.title, portion: r.details?.portion }),
    details: z.object({ portion: choice(PORTIONS, 'portion') }).strict(),
  },
  nap: {
    args: z.object({
      end_time: localTime.nullish(),
      position: choice(NAP_POSITIONS, 'sleep position'),
      nap: choice(NAP_QUALITY, 'nap').nullish(),
    }),
    values: (a, time) => {
      if (a.end_time && a.end_time <= time) throw badInput('end_time', 'The nap ends after it starts.');
      return { end_time: a.end_time ?? null, position: a.position, nap: a.nap ?? null, details: {} };
    },
    fromRow: (r) => ({ end_time: r.end_time, position: r.position, nap: r.nap }),
    details: noDetails,
  },
  diaper: {
    args: z.object({ type: choice(DIAPER_TYPES, 'diaper') }),
    values: (a) => ({ type: a.type, details: {} }),
    fromRow: (r) => ({ type: r.type }),
    details: noDetails,
  },
  potty: {
    args: z.object({ type: choice(POTTY_RESULTS, 'result') }),
    values: (a) => ({ type: a.type, details: {} }),
    fromRow: (r) => ({ type: r.type }),
    details: noDetails,
  },
  supplies: {
    args: z.object({
      supplies: z
        .array(z.string().trim().min(1, 'Name each item.').max(60, 'An item has at most 60 characters.'), {
          message: 'List the supplies needed.',
        })
        .min(1, 'List the supplies needed.')
        .max(20, 'At most 20 items.'),
    }),
    values: (a) => ({ details: { supplies: a.supplies } }),
    fromRow: (r) => ({ supplies: r.details?.supplies }),
    details: z.object({ supplies: z.array(z.string()).min(1) }).strict(),
  },
  medication: {
    args: z.object({
      medication_id: id,
      dose: needed(60, 'The dose', 'dose'),
      by: needed(100, 'Who gave it', 'name of who gave it'),
    }),
    values: (a) => ({ by: a.by, details: { medication_id: String(a.medication_id), dose: a.dose } }),
    fromRow: (r) => ({ medication_id: r.details?.medication_id, dose: r.details?.dose, by: r.by }),
    details: z.object({ medication_id: z.string().regex(/^\d+$/), dose: z.string().min(1) }).strict(),
    medication: true,
  },
  incident: {
    args: z.object({
      injury: needed(500, 'The injury', 'injury'),
      first_aid: needed(500, 'The first aid', 'first aid given'),
      body_part: text(60, 'The body part'),
      title: text(200, 'The title'),
    }),
    values: (a) => ({
      title: a.title ?? 'Injury',
      details: { injury: a.injury, first_aid: a.first_aid, ...(a.body_part ? { body_part: a.body_part } : {}) },
    }),
    fromRow: (r) => ({ injury: r.details?.injury, first_aid: r.details?.first_aid, body_part: r.details?.body_part, title: r.title }),
    details: z.object({ injury: z.string().min(1), first_aid: z.string().min(1), body_part: z.string().optional() }).strict(),
    alwaysShown: true,
  },
  note: {
    args: z.object({ title: text(200, 'The title') }),
    values: (a) => ({ title: a.title, details: {} }),
    fromRow: (r) => ({ title: r.title }),
    details: noDetails,
  },
  kudos: {
    args: z.object({ title: needed(200, 'The kudos', 'kudos') }),
    values: (a) => ({ title: a.title, details: {} }),
    fromRow: (r) => ({ title: r.title }),
    details: noDetails,
  },
  mood: {
    args: z.object({ mood: choice(MOODS, 'mood') }),
    values: (a) => ({ mood: a.mood, details: {} }),
    fromRow: (r) => ({ mood: r.mood }),
    details: noDetails,
  },
  custom: {
    args: z.object({
      custom: needed(100, 'The entry', 'name of the entry'),
      title: text(200, 'The title'),
      amount: z.number().min(0, 'The amount cannot be negative.').max(100_000, 'The amount is too large.').nullish(),
    }),
    values: (a) => ({ custom: a.custom, title: a.title, amount: a.amount ?? null, details: {} }),
    fromRow: (r) => ({ custom: r.custom, title: r.title, amount: r.amount === null ? null : Number(r.amount) }),
    details: noDetails,
  },
  observation: {
    args: z.object({
      observation: needed(4000, 'The observation', 'observation'),
      skills: z.array(id).max(30, 'At most 30 skills.').nullish(),
    }),
    values: (a) => ({ observation: a.observation, skills: [...new Set<string>((a.skills ?? []).map(String))], details: {} }),
    fromRow: (r) => ({ observation: r.observation, skills: (r.skills ?? []).map(String) }),
    details: noDetails,
  },
  photo: {
    // The photo is the common `photo` argument, required here.
    args: z.object({ title: caption(200) }),
    values: (a) => {
      if (!a.photo) throw badInput('photo', 'Choose a photo of the students album.');
      return { title: a.title, details: {} };
    },
    fromRow: (r) => ({ title: r.title }),
    details: noDetails,
  },
  video: {
    args: z.object({ video: id.nullish(), title: caption(200) }),
    values: (a) => {
      if (!a.video) throw badInput('video', 'Choose a video of the students album.');
      return { video: String(a.video), title: a.title, details: {} };
    },
    fromRow: (r) => ({ video: r.video === null ? null : String(r.video), title: r.title }),
    details: noDetails,
  },
  activity: {
    args: z.object({
      title: needed(200, 'The title', 'title'),
      type: text(40, 'The category'),
      end_time: localTime.nullish(),
    }),
    values: (a, time) => {
      if (a.end_time && a.end_time <= time) throw badInput('end_time', 'The activity ends after it starts.');
      return { title: a.title, type: a.type, end_time: a.end_time ?? null, details: {} };
    },
    fromRow: (r) => ({ title: r.title, type: r.type, end_time: r.end_time }),
    details: noDetails,
  },
} satisfies Record<string, KindDef>;

export type StoredKind = keyof typeof KINDS;
export const STORED_KINDS = Object.keys(KINDS) as StoredKind[];

/** Kinds that are another area's rows (attendance, health), shown in the same feeds. */
export const DELEGATED_KINDS = ['absent', 'health_check', 'check_in', 'check_out'] as const;
export type DelegatedKind = (typeof DELEGATED_KINDS)[number];
export const ALL_KINDS = [...STORED_KINDS, ...DELEGATED_KINDS] as const;

/**
 * Kinds whose entry is its media: the column pointing at the photos row. Guardians see such an
 * entry only when they may see that row (approved, photo consent); a pending photo keeps it from
 * them until a manager approves the photo (`photo.approved` then raises `activity.saved`).
 */
export const MEDIA_OF: Readonly<Record<string, 'photo' | 'video'>> = { photo: 'photo', video: 'video' };
/** The photos row an entry's visibility hangs on (media kinds only). */
export const mediaOf = (r: { kind: string; photo?: string | null; video?: string | null }): string | null => {
  const column = MEDIA_OF[r.kind];
  const v = column ? r[column] : null;
  return v === null || v === undefined ? null : String(v);
};

/** A note is the entry itself for these kinds. */
export const NOTE_REQUIRED: ReadonlySet<string> = new Set(['note']);
