import { z } from 'zod';
import type { Knex } from 'knex';
import { emit } from '@kv/jobs';
import { fields, parseArgs } from '@kv/server';
import { localParts } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { requireViewer, scopeFilter, type LocationScope } from '../../../core/access.ts';
import { blankToNull, hexColour, id, idList, pageArgs, paginated } from '../../../core/args.ts';
import { audit, diff } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { localDate } from '../../../core/time.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import { announcementManageScope, coversAll, viewerAudience } from '../policy.ts';
import {
  announcementNotFound,
  dueNeeded,
  locationsNotFound,
  pastDue,
  pastExpiry,
  programsOutsideLocations,
} from '../errors.ts';
import { closeActionItem, raiseActionItem } from './action-items.ts';

export const ANNOUNCEMENT_PUBLISHED = 'announcement.published';
export const ANNOUNCEMENT_SOURCE = 'announcement';

const message = fields.text('The announcement', { max: 2000 });
const optionalDate = z.union([localDate, z.literal('')]).nullish().transform(blankToNull);
const rolesArg = z
  .array(fields.oneOf('The role', repo.AUDIENCE_ROLES))
  .min(1, 'Choose at least one role.')
  .max(3)
  .transform((r) => [...new Set(r)]);
const locationsArg = idList.min(1, 'Choose at least one location.').max(100).transform((r) => [...new Set(r)]);
const programsArg = idList.max(200).transform((r) => [...new Set(r)]);
const colour = z.union([hexColour, z.literal('')]).nullish().transform(blankToNull);

const KEYS = ['message', 'status', 'expiry_date', 'is_public', 'color_code', 'is_notification', 'action_needed', 'due_date'];

interface Audience {
  roles: repo.AudienceRole[];
  locations: string[];
  programs: string[];
}

/** The audience's locations are in the scope and exist, its rooms belong to them; returns the locations' time zones. */
async function checkAudience(ctx: RequestContext, scope: LocationScope, a: Audience): Promise<Map<string, string>> {
  if (!coversAll(scope, a.locations)) throw locationsNotFound();
  const zones = await repo.locationZones(ctx.db, a.locations);
  if (a.locations.some((l) => !zones.has(l))) throw locationsNotFound();
  if (a.programs.length) {
    const rooms = await repo.programLocations(ctx.db, a.programs);
    if (rooms.length !== a.programs.length || rooms.some((r) => !zones.has(r.location_id))) throw programsOutsideLocations();
  }
  return zones;
}

/** A date must not be before today at any of the locations (each in its own time zone). */
function notPast(date: string | null | undefined, zones: Map<string, string>, error: () => Error) {
  if (!date) return;
  const now = new Date();
  // The latest "today" of the locations: a date before it has passed somewhere.
  for (const tz of zones.values()) if (date < localParts(now, tz).date) throw error();
}

/** An announcement the viewer may change: every location of it in their scope, else NOT_FOUND. */
async function writable(db: Knex | Knex.Transaction, scope: LocationScope, annId: string, lock = false) {
  const [row] = await repo.findAnnouncements(db, [annId], lock);
  if (!row) throw announcementNotFound();
  const places = await repo.locationsOf(db, [annId]);
  if (!coversAll(scope, places.map((p) => String(p.id)))) throw announcementNotFound();
  const programs = await repo.programsOf(db, [annId]);
  const audience: Audience = {
    roles: [...new Set(places.map((p) => p.role as repo.AudienceRole))],
    locations: [...new Set(places.map((p) => String(p.id)))],
    programs: [...new Set(programs.map((p) => String(p.id)))],
  };
  return { row, audience };
}

/**
 * Keeps the parents' action items in line with an announcement: an active one that needs action
 * pins an item for every parent of its audience (new parents added, those no longer in it
 * closed); otherwise its open items close.
 */
async function syncActionItems(ctx: RequestContext, trx: Knex.Transaction, row: repo.AnnouncementRow, audience: Audience) {
  const reachesParents = row.is_public || audience.roles.includes('user');
  if (!row.status || !row.action_needed || !row.due_date || !reachesParents) {
    await closeActionItem(trx, ANNOUNCEMENT_SOURCE, row.id);
    return;
  }
  const parents = await repo.guardiansOfAudience(trx, audience.locations, audience.programs);
  await raiseActionItem(trx, {
    source_kind: ANNOUNCEMENT_SOURCE,
    source_id: row.id,
    title: row.message.length > 300 ? `${row.message.slice(0, 297)}…` : row.message,
    due_date: row.due_date,
    recipients: parents,
    raised_by: ctx.viewer?.id ?? null,
  });
  await closeActionItem(trx, ANNOUNCEMENT_SOURCE, row.id, parents.map((p) => p.user_id));
}

async function reload(db: Knex | Knex.Transaction, annId: string): Promise<repo.AnnouncementRow> {
  const [row] = await repo.findAnnouncements(db, [annId]);
  return row!;
}

/** Spec createAnnouncement. */
export async function createAnnouncement(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await announcementManageScope(ctx);
  const a = parseArgs(
    z.object({
      message,
      status: z.boolean().nullish(),
      expiry_date: optionalDate,
      is_public: z.boolean().nullish(),
      color_code: colour,
      is_notification: z.boolean().nullish(),
      roles: rolesArg,
      locations: locationsArg,
      programs: programsArg.nullish(),
      action_needed: z.boolean().nullish(),
      due_date: optionalDate,
    }),
    raw,
  );
  const audience: Audience = { roles: a.roles, locations: a.locations, programs: a.programs ?? [] };
  const zones = await checkAudience(ctx, scope, audience);
  notPast(a.expiry_date, zones, pastExpiry);
  if (a.action_needed && !a.due_date) throw dueNeeded();
  if (a.action_needed) notPast(a.due_date, zones, pastDue);
  const row = await inTransaction(ctx, async (trx) => {
    const annId = await repo.insertAnnouncement(trx, {
      message: a.message,
      status: a.status ?? true,
      expiry_date: a.expiry_date ?? null,
      is_public: a.is_public ?? false,
      color_code: a.color_code ?? null,
      is_notification: a.is_notification ?? false,
      action_needed: a.action_needed ?? false,
      due_date: a.action_needed ? a.due_date : null,
      created_by: v.id,
      updated_by: v.id,
    });
    await repo.setAudience(trx, annId, audience);
    const saved = await reload(trx, annId);
    await syncActionItems(ctx, trx, saved, audience);
    if (saved.status && saved.is_notification) await emit(trx, ANNOUNCEMENT_PUBLISHED, { centreId: ctx.tenant.id, announcement_id: annId });
    await audit(ctx, trx, {
      action: 'announcement.create',
      entity: 'announcement',
      entity_id: annId,
      data: { ...a, programs: audience.programs },
    });
    return saved;
  });
  return { ...notice('Announcement saved.'), announcement: row };
}

/** Spec updateAnnouncement: omitted arguments keep their value; a given audience replaces it. */
export async function updateAnnouncement(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await announcementManageScope(ctx);
  const a = parseArgs(
    z.object({
      id,
      message: message.nullish(),
      expiry_date: optionalDate,
      is_public: z.boolean().nullish(),
      color_code: colour,
      is_notification: z.boolean().nullish(),
      roles: rolesArg.nullish(),
      locations: locationsArg.nullish(),
      programs: programsArg.nullish(),
      action_needed: z.boolean().nullish(),
      due_date: optionalDate,
    }),
    raw,
  );
  const row = await inTransaction(ctx, async (trx) => {
    const { row: before, audience: was } = await writable(trx, scope, a.id, true);
    const audience: Audience = {
      roles: a.roles ?? was.roles,
      locations: a.locations ?? was.locations,
      programs: a.programs ?? was.programs,
    };
    const zones = await checkAudience(ctx, scope, audience);
    if (a.expiry_date !== undefined && a.expiry_date !== before.expiry_date) notPast(a.expiry_date, zones, pastExpiry);
    const actionNeeded = a.action_needed ?? before.action_needed;
    const due = a.due_date !== undefined ? a.due_date : before.due_date;
    if (actionNeeded && !due) throw dueNeeded();
    if (actionNeeded && a.due_date && a.due_date !== before.due_date) notPast(a.due_date, zones, pastDue);
    const patch: Record<string, unknown> = { updated_by: v.id };
    if (a.message) patch.message = a.message;
    if (a.expiry_date !== undefined) patch.expiry_date = a.expiry_date;
    if (a.is_public !== undefined && a.is_public !== null) patch.is_public = a.is_public;
    if (a.color_code !== undefined) patch.color_code = a.color_code;
    if (a.is_notification !== undefined && a.is_notification !== null) patch.is_notification = a.is_notification;
    if (a.action_needed !== undefined && a.action_needed !== null) patch.action_needed = a.action_needed;
    patch.due_date = actionNeeded ? due : null;
    await repo.updateAnnouncementRow(trx, before.id, patch);
    if (a.roles || a.locations || a.programs) await repo.setAudience(trx, before.id, audience);
    const saved = await reload(trx, before.id);
    await syncActionItems(ctx, trx, saved, audience);
    await audit(ctx, trx, {
      action: 'announcement.update',
      entity: 'announcement',
      entity_id: before.id,
      data: {
        ...diff(before as unknown as Record<string, unknown>, saved as unknown as Record<string, unknown>, KEYS),
        ...(a.roles || a.locations || a.programs ? { audience: [was, audience] } : {}),
      },
    });
    return saved;
  });
  return { ...notice('Announcement saved.'), announcement: row };
}

/** Spec deleteAnnouncement: gone from every list; its action items close. */
export async function deleteAnnouncement(ctx: RequestContext, raw: unknown) {
  const scope = await announcementManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await inTransaction(ctx, async (trx) => {
    const { row } = await writable(trx, scope, a.id, true);
    await trx('announcements').where({ id: row.id }).update({ deleted_at: trx.fn.now(), updated_by: ctx.viewer!.id });
    await closeActionItem(trx, ANNOUNCEMENT_SOURCE, row.id);
    await audit(ctx, trx, { action: 'announcement.delete', entity: 'announcement', entity_id: row.id, data: { message: row.message } });
  });
  return { ...notice('Announcement deleted.'), id: a.id };
}

/** Spec duplicateAnnouncement: an inactive copy with the same audience (a past expiry date cleared). */
export async function duplicateAnnouncement(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await announcementManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const row = await inTransaction(ctx, async (trx) => {
    const { row: src, audience } = await writable(trx, scope, a.id);
    const zones = await repo.locationZones(trx, audience.locations);
    let expiry = src.expiry_date;
    try {
      notPast(expiry, zones, pastExpiry);
    } catch {
      expiry = null;
    }
    let due = src.due_date;
    try {
      notPast(due, zones, pastDue);
    } catch {
      due = null;
    }
    const annId = await repo.insertAnnouncement(trx, {
      message: src.message,
      status: false,
      expiry_date: expiry,
      is_public: src.is_public,
      color_code: src.color_code,
      is_notification: src.is_notification,
      action_needed: src.action_needed && Boolean(due),
      due_date: src.action_needed ? due : null,
      created_by: v.id,
      updated_by: v.id,
    });
    await repo.setAudience(trx, annId, audience);
    await audit(ctx, trx, { action: 'announcement.duplicate', entity: 'announcement', entity_id: annId, data: { from: src.id } });
    return reload(trx, annId);
  });
  return { ...notice('Announcement duplicated; it is inactive until you turn it on.'), announcement: row };
}

/**
 * Spec updateAnnouncementStatus: turning one on publishes it (its action items pinned, the
 * audience told when it is a notification); turning it off closes its action items.
 */
export async function updateAnnouncementStatus(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const scope = await announcementManageScope(ctx);
  const a = parseArgs(z.object({ id, status: z.boolean('The status is required.') }), raw);
  const row = await inTransaction(ctx, async (trx) => {
    const { row: before, audience } = await writable(trx, scope, a.id, true);
    if (before.status === a.status) return before;
    if (a.status) {
      const zones = await repo.locationZones(trx, audience.locations);
      notPast(before.expiry_date, zones, pastExpiry);
    }
    await repo.updateAnnouncementRow(trx, before.id, { status: a.status, updated_by: v.id });
    const saved = await reload(trx, before.id);
    await syncActionItems(ctx, trx, saved, audience);
    if (saved.status && saved.is_notification) await emit(trx, ANNOUNCEMENT_PUBLISHED, { centreId: ctx.tenant.id, announcement_id: String(saved.id) });
    await audit(ctx, trx, { action: 'announcement.status', entity: 'announcement', entity_id: before.id, data: { status: [before.status, a.status] } });
    return saved;
  });
  return { ...notice(row.status ? 'Announcement is active.' : 'Announcement is inactive.'), announcement: row };
}

/** An announcement the viewer may read as staff: any of its locations in their scope, else NOT_FOUND. */
async function readable(db: Knex | Knex.Transaction, scope: LocationScope, annId: string) {
  const [row] = await repo.findAnnouncements(db, [annId]);
  if (!row) throw announcementNotFound();
  const places = await repo.locationsOf(db, [annId]);
  if (!scope.all && !places.some((p) => scope.ids.has(String(p.id)))) throw announcementNotFound();
  return row;
}

/** Staff list: the announcements with any location in the viewer's scope, newest first (changing one needs all of them). */
export async function getAnnouncements(ctx: RequestContext, raw: unknown) {
  const scope = await announcementManageScope(ctx);
  const a = parseArgs(
    z.object({ search: fields.optionalText(100, 'The search'), status: z.boolean().nullish(), location_id: id.nullish(), ...pageArgs }),
    raw,
  );
  if (a.location_id && !coversAll(scope, [a.location_id])) throw locationsNotFound('location_id');
  const { rows, total } = await repo.pageAnnouncements(ctx.db, scopeFilter(scope), a, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

export async function getAnnouncement(ctx: RequestContext, raw: unknown) {
  const scope = await announcementManageScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  return readable(ctx.db, scope, a.id);
}

/** Spec topAnnouncements: what the viewer's role, locations and rooms should see now. */
export async function topAnnouncements(ctx: RequestContext, raw: unknown) {
  const audience = await viewerAudience(ctx);
  const a = parseArgs(z.object({ first: fields.intBetween('first', 1, 50).nullish() }), raw);
  if (audience.locations !== null && !audience.locations.length) return [];
  return repo.topFor(ctx.db, audience, a.first ?? 10);
}

/** Staff: who got an announcement's action item, and who acknowledged it. */
export async function getAnnouncementAcknowledgements(ctx: RequestContext, raw: unknown) {
  const scope = await announcementManageScope(ctx);
  const a = parseArgs(z.object({ id, acknowledged: z.boolean().nullish(), ...pageArgs }), raw);
  await readable(ctx.db, scope, a.id);
  const { rows, total } = await repo.pageRecipients(ctx.db, ANNOUNCEMENT_SOURCE, a.id, scopeFilter(scope), a.acknowledged, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}
