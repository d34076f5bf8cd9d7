import { z } from 'zod';
import { roleAtLeast, isRoleName, localParts } from '@kv/shared';
import { randomToken, sha256Hex } from '@kv/auth';
import { fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as links from '../repo/links.ts';
import * as repo from '../repo/records.ts';
import { linkManageScope } from '../policy.ts';
import { linkInactive, linkInvalid, roomNotFound } from '../errors.ts';
import { punch, TEAM_ACTIONS, type TeamAction } from './clock.ts';
import { afterPunches, publishPunches } from './team.ts';
import { assertLocations } from '../../../core/access.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import { link, throttled } from '../../auth/index.ts';
import { programsOfLocation, requestIdArg, countWrongGuess, pinArg, pinHolder, envOf, pinInvalid } from '../../attendance/index.ts';

const shape = (ctx: RequestContext, row: links.LinkRow | undefined, locationId: string) =>
  row
    ? {
        location_id: locationId,
        url: link(ctx, `/time-clock-page/${row.token}`),
        token: row.token,
        active: row.active,
        status: row.active ? 'active' : 'inactive',
        generated_at: row.generated_at.toISOString(),
      }
    : null;

/** The location's time clock link (null until one is generated). */
export async function getTimeclockLink(ctx: RequestContext, raw: unknown) {
  const scope = await linkManageScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return shape(ctx, await links.findLink(ctx.db, args.location_id), args.location_id);
}

/** A new time clock link for a location (active); the previous link stops working. */
export async function generateTimeclockLink(ctx: RequestContext, raw: unknown) {
  const scope = await linkManageScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const row = await inTransaction(ctx, async (trx) => {
    const saved = await links.upsertLink(trx, { location_id: args.location_id, token: randomToken(24), generated_by: ctx.viewer!.id });
    await audit(ctx, trx, {
      action: 'location.timeclock_link',
      entity: 'location',
      entity_id: args.location_id,
      location_id: args.location_id,
    });
    return saved;
  });
  return {
    ...notice('A new time clock link is ready. Print its QR code for the staff entrance.'),
    link: shape(ctx, row, args.location_id),
  };
}

/** Turns the location's time clock link on or off (spec §4: active or inactive). */
export async function activateTimeclockLink(ctx: RequestContext, raw: unknown) {
  const scope = await linkManageScope(ctx);
  const args = parseArgs(z.object({ location_id: id, active: z.boolean() }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const row = await inTransaction(ctx, async (trx) => {
    const saved =
      (await links.setLinkActive(trx, args.location_id, args.active)) ??
      (args.active
        ? await links.upsertLink(trx, { location_id: args.location_id, token: randomToken(24), generated_by: ctx.viewer!.id })
        : undefined);
    await audit(ctx, trx, {
      action: 'location.timeclock_link',
      entity: 'location',
      entity_id: args.location_id,
      location_id: args.location_id,
      data: { changes: { active: [!args.active, args.active] } },
    });
    return saved;
  });
  return { ...notice(args.active ? 'The time clock is on.' : 'The time clock is off.'), link: shape(ctx, row, args.location_id) };
}

/** Throttled lookup of a link token (wrong tokens count as wrong guesses, like PINs). */
async function openLink(ctx: RequestContext, token: string) {
  const peek = await ctx.throttles.verifyIp.consume(`pin:${ctx.tenant.id}:${ctx.ip}`, 0);
  if (!peek.allowed) throw throttled(peek.retryAfterMs);
  const row = await links.linkByToken(ctx.db, token, sha256Hex(token));
  if (!row) {
    await countWrongGuess(ctx);
    throw linkInvalid();
  }
  if (!row.active) throw linkInactive();
  return row;
}

const token = fields.token;

/** The time clock page (guest): the location and its rooms, when the link is valid and on. */
export async function getTimeclockLocation(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(z.object({ token }), raw);
  const l = await openLink(ctx, args.token);
  return {
    location_id: l.location_id,
    name: l.name,
    timezone: l.timezone,
    active: l.active,
    rooms: await links.roomsOf(ctx.db, l.location_id),
  };
}

/**
 * A punch on the time clock page `/time-clock-page/:location` (guest): the link's token and the
 * staff member's PIN authenticate it. Without `action` it toggles in ↔ out; `program_id` picks
 * the room at clock-in (or the room to move to).
 */
export async function signTimeclock(ctx: RequestContext, raw: unknown) {
  const args = parseArgs(
    z.object({
      token,
      pin: pinArg,
      action: z.enum(TEAM_ACTIONS, { message: 'Choose check_in, check_out, break_start, break_end or move.' }).nullish(),
      program_id: id.nullish(),
      request_id: requestIdArg.nullish(),
    }),
    raw,
  );
  const l = await openLink(ctx, args.token);
  const holder = await pinHolder(ctx, args.pin);
  const [member] = await repo.teamMembers(ctx.db, l.location_id, [holder.id]);
  if (!member || !holder.roles.some((r) => isRoleName(r) && roleAtLeast(r, 'teacher'))) {
    await countWrongGuess(ctx);
    throw pinInvalid();
  }
  if (args.program_id && !(await programsOfLocation(ctx.db, [args.program_id], l.location_id)).length) throw roomNotFound();
  const now = new Date();
  const local = localParts(now, l.timezone);
  const key = args.request_id
    ? `t:${l.location_id}:${member.id}:${args.request_id}`
    : `t:${l.location_id}:${member.id}:${args.action ?? 'toggle'}:${local.date}:${local.time}:${args.program_id ?? ''}`;
  const batch = await inTransaction(ctx, async (trx) => {
    const outcome = await punch(trx, {
      member,
      locationId: l.location_id,
      programId: args.program_id ?? null,
      action: (args.action as TeamAction | null | undefined) ?? null,
      at: now,
      date: local.date,
      by: member.id,
      method: 'timeclock',
      key,
      breakMinutes: null,
    });
    const ratios = await afterPunches(trx, envOf(ctx), l.location_id, [outcome], {
      id: member.id,
      support_session_id: null,
      label: null,
      ip: ctx.ip,
    });
    return { locationId: l.location_id, outcomes: [outcome], ratios };
  });
  publishPunches(ctx, batch);
  const o = batch.outcomes[0]!;
  return {
    status: o.status,
    message: o.message,
    color: o.status ? 'success' : 'danger',
    type: o.type,
    replayed: o.replayed,
    staff: { id: member.id, fname: member.fname, lname: member.lname },
    time: local.time,
    record: o.record,
  };
}
