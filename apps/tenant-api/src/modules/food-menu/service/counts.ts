import { z } from 'zod';
import { parseArgs } from '@kv/server';
import { addDays, localParts, zonedInstant } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { assertReaches, countScope, reportScope } from '../policy.ts';
import { futureCount, notInRoom, roomNotFound, slotNotFound } from '../errors.ts';
import { LATE_AFTER_MINUTES, claimDay, type SlotType } from '../cacfp.ts';
import { inTransaction } from '../../../core/tx.ts';
import { audit } from '../../../core/audit.ts';
import { id, idList } from '../../../core/args.ts';
import { dateRange, localDate } from '../../../core/time.ts';
import { notice } from '../../../core/result.ts';
import { presenceOf, presentDuring } from '../../attendance/index.ts';
import { toCsv } from '../../attendance-reports/index.ts';

const countArgs = z.object({ program_id: id, date: localDate, slot: id });

/** The room, the slot (of the room's location) and the location's zone, inside the viewer's scope. */
async function roomAndSlot(ctx: RequestContext, a: { program_id: string; slot: string }) {
  const scope = await countScope(ctx);
  const room = await repo.programOf(ctx.db, a.program_id);
  if (!room) throw roomNotFound();
  try {
    assertReaches(scope, room.location_id);
  } catch {
    throw roomNotFound();
  }
  const slot = await repo.findSlot(ctx.db, a.slot);
  if (!slot || String(slot.location_id) !== String(room.location_id)) throw slotNotFound();
  const loc = (await repo.locationOf(ctx.db, room.location_id))!;
  return { room, slot, tz: loc.timezone };
}

const spanOf = (date: string, slot: repo.SlotRow, tz: string) => ({
  start: zonedInstant(date, slot.start_time, tz),
  end: zonedInstant(date, slot.end_time, tz),
});

/** The week whose Monday starts the date's week, else the location's current week. */
async function weekFor(ctx: RequestContext, locationId: string, date: string) {
  const d = new Date(`${date}T00:00:00Z`).getUTCDay();
  const monday = addDays(date, -((d + 6) % 7));
  const row =
    (await ctx.db('food_menu_weeks').where({ location_id: locationId, date: monday }).orderBy('id').first('id')) ??
    (await ctx.db('food_menu_weeks').where({ location_id: locationId, current_week: true }).first('id'));
  return { weekId: row ? String(row.id) : null, day: (d + 6) % 7 };
}

/** The room's children and those checked in to it that day, whether present during the slot, counted, allergy clashes. */
export async function getMealCountRoster(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(countArgs, raw);
  const { room, slot, tz } = await roomAndSlot(ctx, a);
  const span = spanOf(a.date, slot, tz);
  const [children, presence, count, wk] = await Promise.all([
    repo.childrenWithAllergies(ctx.db, room.location_id),
    presenceOf(ctx.db, room.location_id, a.date, a.date),
    repo.findCount(ctx.db, a.program_id, a.date, a.slot),
    weekFor(ctx, room.location_id, a.date),
  ]);
  const inRoom = new Set(presence.filter((p) => String(p.program_id) === String(room.id)).map((p) => String(p.student_id)));
  const here = new Set(
    presence
      .filter((p) => String(p.program_id) === String(room.id) && presentDuring(p, span.start, span.end))
      .map((p) => String(p.student_id)),
  );
  const counted = count ? ((await repo.countStudents(ctx.db, [String(count.id)])).get(String(count.id)) ?? []) : [];
  const itemIds = wk.weekId
    ? (
        await ctx
          .db('food_menu_week_items')
          .where({ week_id: wk.weekId, day: wk.day, slot_id: slot.id })
          .orderBy('position')
          .pluck('item_id')
      ).map(String)
    : [];
  const [items, allergens] = await Promise.all([repo.findItems(ctx.db, itemIds), repo.allergensOf(ctx.db, itemIds)]);
  const allergenIds = new Map<string, string>();
  for (const list of allergens.values()) for (const al of list) allergenIds.set(String(al.id), al.name);
  const roster = children
    .filter((c) => String(c.program_id) === String(room.id) || inRoom.has(String(c.id)))
    .map((c) => ({
      id: c.id,
      fname: c.fname,
      lname: c.lname,
      checked_in: here.has(String(c.id)),
      counted: counted.includes(String(c.id)),
      clashes: c.allergies.filter((al) => allergenIds.has(String(al.id))).map((al) => al.name),
    }));
  return {
    program_id: room.id,
    date: a.date,
    slot,
    count: count ? { ...count, students: counted } : null,
    items: items.map((i) => ({ ...i, allergens: allergens.get(String(i.id)) ?? [] })),
    children: roster,
  };
}

/**
 * The point-of-service count of a room's slot: the ticked children (the room's own, or checked in
 * to it that day). Saved after the slot's end + 30 min it is flagged late. A repeat replaces it.
 */
export async function saveMealCount(ctx: RequestContext, raw: unknown, now = new Date()) {
  const a = parseArgs(countArgs.extend({ students: idList }), raw);
  const { room, slot, tz } = await roomAndSlot(ctx, a);
  if (a.date > localParts(now, tz).date) throw futureCount();
  const wanted = [...new Set(a.students)];
  if (wanted.length) {
    const [kids, presence] = await Promise.all([
      ctx.db('students').whereIn('id', wanted).whereNull('deleted_at').select('id', 'fname', 'lname', 'program_id', 'location_id'),
      presenceOf(ctx.db, room.location_id, a.date, a.date),
    ]);
    const byId = new Map(kids.map((k) => [String(k.id), k]));
    const checkedIn = new Set(presence.filter((p) => String(p.program_id) === String(room.id)).map((p) => String(p.student_id)));
    for (const s of wanted) {
      const k = byId.get(s);
      const ok = k && String(k.location_id) === String(room.location_id) && (String(k.program_id) === String(room.id) || checkedIn.has(s));
      if (!ok) throw notInRoom(k ? `${k.fname} ${k.lname}` : 'This child');
    }
  }
  const late = now.getTime() > spanOf(a.date, slot, tz).end.getTime() + LATE_AFTER_MINUTES * 60_000;
  const count = await inTransaction(ctx, async (trx) => {
    const c = await repo.saveCount(
      trx,
      {
        location_id: room.location_id,
        program_id: room.id,
        slot_id: slot.id,
        date: a.date,
        saved_at: now,
        late,
        counted_by: ctx.viewer!.id,
      },
      wanted,
    );
    await audit(ctx, trx, {
      action: 'meal_count.save',
      entity: 'meal_count',
      entity_id: String(c.id),
      location_id: room.location_id,
      data: { slot: slot.id, date: a.date, students: wanted.length, late },
    });
    return c;
  });
  return {
    ...notice(late ? 'Count saved late: it is not a point-of-service count.' : 'Count saved.', true, late ? 'warning' : 'success'),
    count: { ...count, students: wanted },
  };
}

/**
 * CACFP report: per day, slot and room, served and claimed. A child counted but not checked in
 * during the slot is an error and not claimed; per child and day at most two meals and one snack
 * or one meal and two snacks are claimed (lunch and supper before breakfast); late counts are flagged.
 */
export async function getMealCountReport(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ location: id }).and(dateRange(93)), raw);
  await reportScope(ctx, a.location);
  const loc = (await repo.locationOf(ctx.db, a.location))!;
  const [slots, rooms, counts, presence] = await Promise.all([
    repo.slotsOf(ctx.db, a.location),
    repo.programsOfLocation(ctx.db, a.location),
    repo.countsOfRange(ctx.db, a.location, a.from, a.to),
    presenceOf(ctx.db, a.location, a.from, a.to),
  ]);
  const slotById = new Map(slots.map((s) => [String(s.id), s]));
  const roomName = new Map(rooms.map((r) => [String(r.id), r.name]));
  const names = await repo.studentNames(ctx.db, [...new Set(counts.flatMap((c) => c.students))]);
  const presenceByKey = new Map<string, typeof presence>();
  for (const p of presence) {
    const k = `${p.date}:${p.student_id}`;
    presenceByKey.set(k, [...(presenceByKey.get(k) ?? []), p]);
  }
  const errors: { date: string; slot: string; room: string; student_id: string; student: string; message: string }[] = [];
  // Per child and day: the counts where the child may be claimed.
  const servedBy = new Map<string, { count: string; type: SlotType; start_time: string }[]>();
  for (const c of counts) {
    const slot = slotById.get(String(c.slot_id))!;
    const span = spanOf(c.date, slot, loc.timezone);
    for (const s of c.students) {
      const present = (presenceByKey.get(`${c.date}:${s}`) ?? []).some((p) => presentDuring(p, span.start, span.end));
      if (!present) {
        errors.push({
          date: c.date,
          slot: slot.name,
          room: roomName.get(String(c.program_id)) ?? '',
          student_id: s,
          student: names.get(s) ?? s,
          message: 'Counted but not checked in.',
        });
        continue;
      }
      const k = `${c.date}:${s}`;
      servedBy.set(k, [...(servedBy.get(k) ?? []), { count: String(c.id), type: slot.type, start_time: slot.start_time }]);
    }
  }
  const claimedPer = new Map<string, number>();
  for (const list of servedBy.values()) for (const c of claimDay(list)) claimedPer.set(c.count, (claimedPer.get(c.count) ?? 0) + 1);
  const rows = counts.map((c) => {
    const slot = slotById.get(String(c.slot_id))!;
    return {
      date: c.date,
      slot_id: slot.id,
      slot: slot.name,
      slot_type: slot.type,
      program_id: c.program_id,
      room: roomName.get(String(c.program_id)) ?? '',
      served: c.students.length,
      claimed: claimedPer.get(String(c.id)) ?? 0,
      late: c.late,
    };
  });
  rows.sort(
    (x, y) =>
      x.date.localeCompare(y.date) ||
      slotById.get(String(x.slot_id))!.start_time.localeCompare(slotById.get(String(y.slot_id))!.start_time) ||
      x.room.localeCompare(y.room),
  );
  const csv = toCsv(
    ['Date', 'Slot', 'Type', 'Room', 'Served', 'Claimed', 'Late'],
    rows.map((r) => [r.date, r.slot, r.slot_type, r.room, r.served, r.claimed, r.late ? 'yes' : 'no']),
  );
  return {
    rows,
    errors,
    served: rows.reduce((n, r) => n + r.served, 0),
    claimed: rows.reduce((n, r) => n + r.claimed, 0),
    csv,
  };
}
