/**
 * What a notification is about (`notifications.kind`) and which of the user's settings (spec §3:
 * push, food, nap, meds, activity, notes, checks, media, msgs, kudos, health_check, name_to_face,
 * observation, mood, custom) lets it through. Kinds without a setting (alerts, incidents,
 * announcements) always reach the user.
 */
export const SETTING_FIELDS = [
  'push',
  'food',
  'nap',
  'meds',
  'activity',
  'notes',
  'checks',
  'media',
  'msgs',
  'kudos',
  'health_check',
  'name_to_face',
  'observation',
  'mood',
  'custom',
] as const;
export type SettingField = (typeof SETTING_FIELDS)[number];
export type NotificationSettings = Record<SettingField | 'digest', boolean>;

export const DEFAULT_SETTINGS: NotificationSettings = {
  ...(Object.fromEntries(SETTING_FIELDS.map((f) => [f, true])) as Record<SettingField, boolean>),
  digest: false,
};

export const KINDS = [
  'food',
  'nap',
  'diaper',
  'meds',
  'activity',
  'notes',
  'checks',
  'media',
  'msgs',
  'kudos',
  'health_check',
  'name_to_face',
  'observation',
  'mood',
  'custom',
  'incident',
  'alert',
  'announcement',
  'document',
] as const;
export type NotificationKind = (typeof KINDS)[number];

/** The setting that gates a kind (null: always delivered). */
export function settingOf(kind: string): SettingField | null {
  if (kind === 'diaper') return 'activity';
  if (kind === 'push') return null;
  return (SETTING_FIELDS as readonly string[]).includes(kind) ? (kind as SettingField) : null;
}

/** Routine notices: held for the daily digest when the user chose it. Messages, alerts, check-ins and injuries stay instant. */
export const ROUTINE: ReadonlySet<string> = new Set(['food', 'nap', 'diaper', 'activity', 'media', 'mood']);

/** A daily activity's kind (activities area) → the notification kind. */
export const ACTIVITY_KIND: Readonly<Record<string, NotificationKind>> = {
  bottle: 'food',
  meal: 'food',
  nap: 'nap',
  diaper: 'diaper',
  potty: 'diaper',
  supplies: 'notes',
  medication: 'meds',
  incident: 'incident',
  note: 'notes',
  kudos: 'kudos',
  mood: 'mood',
  custom: 'custom',
  observation: 'observation',
  photo: 'media',
  video: 'media',
  activity: 'activity',
};
