import type { Knex } from 'knex';
import type { DomainEvent, EventHandler } from '@kv/jobs';
import { renderTemplate, type Channel } from '@kv/messaging';
import { localParts } from '@kv/shared';
import {
  CHECKED_IN,
  CHECKED_OUT,
  REMINDER_DUE,
  alertRecords,
  checkInSettings,
  clock,
  contactsOf,
  joinNames,
  type ContactRow,
} from '../../attendance/index.ts';
import { PHOTO_APPROVED, photoAudience } from '../../photos/index.ts';
import { findActivities } from '../../activities/index.ts';
import { locationInfo } from '../../locations/index.ts';
import { findStudents } from '../../students/index.ts';
import { CHAT_MESSAGE_SENT, messageAudience } from '../../chat/index.ts';
import { ANNOUNCEMENT_PUBLISHED, publishedAudience } from '../../announcements/index.ts';
import * as repo from '../repo.ts';
import { ACTIVITY_KIND } from '../kinds.ts';
import { activityTitle, noticeTitle, openTheDay } from '../wording.ts';
import { notifyUsers } from './notify.ts';
import { registerDocumentNotifications } from './document-handlers.ts';

export const ACTIVITY_SAVED = 'activity.saved';

export interface HandlerDeps {
  entryFor?(centreId: string): Promise<{ name: string }>;
}

const idsOf = (v: unknown): string[] => [v ?? []].flat().map(String);

/** Contacts grouped by the children concerning them and their language: one notice text per group. */
function groups(contacts: ContactRow[]) {
  const byContact = new Map<string, { contact: ContactRow; students: string[] }>();
  for (const c of contacts) {
    const e = byContact.get(c.id) ?? { contact: c, students: [] };
    e.students.push(c.student_id);
    byContact.set(c.id, e);
  }
  const out = new Map<string, { students: string[]; locale: string; users: string[] }>();
  for (const { contact, students } of byContact.values()) {
    const sorted = [...new Set(students)].sort((a, b) => Number(a) - Number(b));
    const key = `${sorted.join(',')}|${contact.locale ?? 'en'}`;
    const g = out.get(key) ?? { students: sorted, locale: contact.locale ?? 'en', users: [] };
    g.users.push(contact.id);
    out.set(key, g);
  }
  return [...out.values()];
}

/** A rendered message as notice text: its subject, and its paragraphs after the greeting. */
function noticeText(template: string, locale: string, data: Record<string, unknown>) {
  const r = renderTemplate(template, locale, { fname: '-', ...data });
  return { title: r.subject, body: r.text.trim().split('\n\n').slice(1).join(' ') };
}

const channelsOf = (s: { check_in_parent_alert_email: boolean; check_in_parent_alert_sms: boolean; check_in_parent_alert_app: boolean }) =>
  [
    ...(s.check_in_parent_alert_email ? (['email'] as const) : []),
    ...(s.check_in_parent_alert_sms ? (['sms'] as const) : []),
    ...(s.check_in_parent_alert_app ? (['push'] as const) : []),
  ] as Channel[];

/**
 * `attendance.checked_in` / `checked_out`: each contact of the children hears once per event, on
 * the channels the location turned on for check-in alerts (none on: no notice), if their
 * `checks` setting is on. Records deleted (or, for a check-out, opened again) since are left out.
 */
export function checkInHandler(deps: HandlerDeps): EventHandler {
  return {
    key: 'notifications.attendance',
    async handle(trx: Knex.Transaction, event: DomainEvent) {
      const type = event.name === CHECKED_OUT ? 'check_out' : 'check_in';
      const records = (await alertRecords(trx, idsOf(event.payload.attendanceIds), type)).filter((r) => r.at !== null);
      const first = records[0];
      if (!first) return;
      const channels = channelsOf(first);
      if (!channels.length) return;
      const { centreId } = event.payload;
      const centre = (await deps.entryFor?.(centreId).catch(() => null))?.name ?? 'your centre';
      const by = first.actor_fname !== null ? `${first.actor_fname} ${first.actor_lname ?? ''}`.trim() : centre;
      const names = new Map(records.map((r) => [r.student_id, r.fname]));
      const recordOf = new Map(records.map((r) => [r.student_id, r.id]));
      const template = type === 'check_in' ? 'attendance-check-in' : 'attendance-check-out';
      for (const g of groups(await contactsOf(trx, [...names.keys()]))) {
        const data = {
          centre,
          children: joinNames(g.students.map((i) => names.get(i) ?? '')),
          location: first.location_name,
          time: clock(localParts(first.at!, first.timezone).time),
          by,
        };
        await notifyUsers(trx, {
          centre_id: centreId,
          event_key: `${type}:${g.students.map((s) => recordOf.get(s)).join(',')}`,
          user_ids: g.users,
          kind: 'checks',
          ...noticeText(template, g.locale, data),
          link: '/user/students',
          student_id: g.students[0] ?? null,
          location_id: first.location_id,
          instant: true,
          channels,
          template: { name: template, data: (who) => ({ ...data, fname: who.fname }) },
        });
      }
    },
  };
}

/** `attendance.reminder_due`: "not checked in yet", once per child and day, on the location's check-in alert channels. */
export function reminderHandler(deps: HandlerDeps): EventHandler {
  return {
    key: 'notifications.reminder',
    async handle(trx: Knex.Transaction, event: DomainEvent) {
      const locationId = String(event.payload.location ?? '');
      const date = String(event.payload.date ?? '');
      const students = idsOf(event.payload.students);
      if (!/^\d+$/.test(locationId) || !students.length) return;
      const settings = await checkInSettings(trx, locationId);
      const loc = await locationInfo(trx, locationId);
      const kids = await findStudents(trx, students);
      const channels = channelsOf(settings);
      if (!channels.length || !loc) return;
      const { centreId } = event.payload;
      const centre = (await deps.entryFor?.(centreId).catch(() => null))?.name ?? 'your centre';
      const names = new Map<string, string>(kids.map((k: { id: string; fname: string }) => [String(k.id), k.fname]));
      for (const g of groups(await contactsOf(trx, students))) {
        const data = {
          centre,
          children: joinNames(g.students.map((i) => names.get(i) ?? '')),
          location: loc.name,
          time: clock((settings.check_in_parent_alert_time ?? '09:00').slice(0, 5)),
        };
        await notifyUsers(trx, {
          centre_id: centreId,
          event_key: `reminder:${date}:${g.students.join(',')}`,
          user_ids: g.users,
          kind: 'checks',
          ...noticeText('attendance-reminder', g.locale, data),
          link: '/user/students/check-in-or-out',
          student_id: g.students[0] ?? null,
          location_id: locationId,
          instant: true,
          channels,
          template: { name: 'attendance-reminder', data: (who) => ({ ...data, fname: who.fname }) },
        });
      }
    },
  };
}

interface ActivityFacts {
  id: string;
  kind: string;
  location_id: string;
  note: string | null;
  title: string | null;
  photo: string | null;
  video: string | null;
}

/**
 * A media notice: the guardians who see the photo (its consent rules), each once per photo
 * whether it arrives as `photo.approved` or as a photo entry's `activity.saved`.
 */
async function notifyMedia(trx: Knex.Transaction, centreId: string, photoId: string, locationId: string | null) {
  const audience = await photoAudience(trx, photoId);
  if (!audience.size) return;
  const users = [...audience.keys()];
  const people = await repo.recipients(trx, users);
  const kids = await findStudents(trx, [...new Set([...audience.values()].flat())]);
  const names = new Map<string, { fname: string; location_id: string }>(
    kids.map((k: { id: string; fname: string; location_id: string }) => [
      String(k.id),
      { fname: k.fname, location_id: String(k.location_id) },
    ]),
  );
  const byGroup = new Map<string, { students: string[]; locale: string; users: string[] }>();
  for (const p of people as { id: string; locale: string | null }[]) {
    const students = audience.get(String(p.id)) ?? [];
    const key = `${students.join(',')}|${p.locale ?? 'en'}`;
    const g = byGroup.get(key) ?? { students, locale: p.locale ?? 'en', users: [] };
    g.users.push(String(p.id));
    byGroup.set(key, g);
  }
  for (const g of byGroup.values()) {
    const child = joinNames(g.students.map((s) => names.get(s)?.fname ?? ''));
    await notifyUsers(trx, {
      centre_id: centreId,
      event_key: `media:${photoId}`,
      user_ids: g.users,
      kind: 'media',
      title: activityTitle('media', g.locale, child),
      body: openTheDay(g.locale),
      link: '/user/students',
      student_id: g.students[0] ?? null,
      location_id: locationId ?? names.get(g.students[0] ?? '')?.location_id ?? null,
    });
  }
}

/** `activity.saved` (an entry guardians see now): its children's guardians, by the kind's setting. */
export const activityHandler: EventHandler = {
  key: 'notifications.activity',
  async handle(trx, event) {
    const activityId = String(event.payload.activity ?? '');
    if (!/^\d+$/.test(activityId)) return;
    const [row] = (await findActivities(trx, [activityId])) as unknown as ActivityFacts[];
    if (!row) return;
    const { centreId } = event.payload;
    const media = row.kind === 'photo' ? row.photo : row.kind === 'video' ? row.video : null;
    if (media) return notifyMedia(trx, centreId, String(media), String(row.location_id));
    const kind = ACTIVITY_KIND[row.kind] ?? 'custom';
    const students = idsOf(event.payload.students);
    const kids = await findStudents(trx, students);
    const names = new Map<string, string>(kids.map((k: { id: string; fname: string }) => [String(k.id), k.fname]));
    for (const g of groups(await contactsOf(trx, students))) {
      const child = joinNames(g.students.map((i) => names.get(i) ?? ''));
      await notifyUsers(trx, {
        centre_id: centreId,
        event_key: `activity:${row.id}`,
        user_ids: g.users,
        kind,
        title: activityTitle(kind, g.locale, child),
        body: (row.note ?? row.title ?? '').trim() || openTheDay(g.locale),
        link: '/user/students',
        student_id: g.students[0] ?? null,
        location_id: String(row.location_id),
        // Injuries stay instant: never held, never muted.
        instant: kind === 'incident',
      });
    }
  },
};

/** `photo.approved` (students album): the guardians who may see it. */
export const photoHandler: EventHandler = {
  key: 'notifications.photo',
  async handle(trx, event) {
    const photo = String(event.payload.photo ?? '');
    if (!/^\d+$/.test(photo)) return;
    await notifyMedia(trx, event.payload.centreId, photo, null);
  },
};

/** Users grouped by their language (one notice text per language). */
async function byLocale(trx: Knex.Transaction, ids: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const p of await repo.recipients(trx, ids)) {
    const l = p.locale ?? 'en';
    out.set(l, [...(out.get(l) ?? []), p.id]);
  }
  return out;
}

const excerpt = (text: string | null, max = 160) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/**
 * `chat.message_sent`: a staff member's message tells the thread's family; a parent's tells the
 * thread's staff (educators of its rooms, the location's managers) and the other guardians. Never
 * the author; kind `msgs` (the user's `msgs` setting), instant, never held for the digest.
 */
export const chatHandler: EventHandler = {
  key: 'notifications.chat',
  async handle(trx, event) {
    const messageId = String(event.payload.message_id ?? '');
    if (!/^\d+$/.test(messageId)) return;
    const a = await messageAudience(trx, messageId);
    if (!a) return;
    const m = a.message;
    const author = m.user_id === null ? '' : String(m.user_id);
    const fromStaff = a.staff.includes(author) || !a.family.includes(author);
    const users = (fromStaff ? a.family : [...a.family, ...a.staff]).filter((u) => u !== author);
    if (!users.length) return;
    const name = `${m.author_fname ?? ''} ${m.author_lname ?? ''}`.trim() || m.thread_name || '';
    const body = excerpt(m.message) || (m.type === 'image' ? '📷' : '📎');
    const link = m.category === 'student' ? `/messages?student=${m.student_id}` : `/messages?program=${m.program_id}`;
    for (const [locale, ids] of await byLocale(trx, users)) {
      await notifyUsers(trx, {
        centre_id: event.payload.centreId,
        event_key: `message:${m.id}`,
        user_ids: ids,
        kind: 'msgs',
        title: noticeTitle('message', locale, name),
        body,
        link,
        student_id: m.student_id === null ? null : String(m.student_id),
        location_id: String(m.location_id),
        instant: true,
      });
    }
  },
};

/** `announcement.published` (with `is_notification`): each person of its audience once, kind `announcement`. */
export const announcementHandler: EventHandler = {
  key: 'notifications.announcement',
  async handle(trx, event) {
    const id = String(event.payload.announcement_id ?? '');
    if (!/^\d+$/.test(id)) return;
    const a = await publishedAudience(trx, id);
    if (!a || !a.announcement.is_notification || !a.people.length) return;
    const where = new Map(a.people.map((p) => [p.user_id, p.location_id]));
    for (const [locale, ids] of await byLocale(trx, [...where.keys()])) {
      // One call per location too: a notice carries the location its reader belongs to.
      const byLoc = new Map<string, string[]>();
      for (const u of ids) byLoc.set(where.get(u)!, [...(byLoc.get(where.get(u)!) ?? []), u]);
      for (const [location, users] of byLoc)
        await notifyUsers(trx, {
          centre_id: event.payload.centreId,
          event_key: `announcement:${id}`,
          user_ids: users,
          kind: 'announcement',
          title: noticeTitle('announcement', locale),
          body: excerpt(a.announcement.message, 300),
          link: '/home',
          location_id: location,
          instant: true,
        });
    }
  },
};

/** The notification centre's handlers of domain events (registerTenantEvents, worker.ts). */
export function registerNotificationEvents(onEvent: (name: string, handler: EventHandler) => void, deps: HandlerDeps): void {
  const attendance = checkInHandler(deps);
  onEvent(CHECKED_IN, attendance);
  onEvent(CHECKED_OUT, attendance);
  onEvent(REMINDER_DUE, reminderHandler(deps));
  onEvent(ACTIVITY_SAVED, activityHandler);
  onEvent(PHOTO_APPROVED, photoHandler);
  onEvent(CHAT_MESSAGE_SENT, chatHandler);
  onEvent(ANNOUNCEMENT_PUBLISHED, announcementHandler);
  registerDocumentNotifications(onEvent);
}
