import { randomBytes } from 'node:crypto';
import { addDays, clockTime, localParts, minutesOf, weekdayOf, zonedInstant } from '@kv/shared';
import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';

const SHIFTS = {
  early: { start: 7 * 60, end: 15 * 60 + 30 },
  late: { start: 9 * 60 + 30, end: 18 * 60 },
  office: { start: 8 * 60 + 30, end: 17 * 60 },
};

/**
 * The time clock of the last `historyDays` days: every teacher and manager on weekdays at their
 * location (teachers in their first room, early or late shift), a 30-minute lunch break, now and
 * then a day off; today's shifts open when they started before now. A room gets no more staff
 * clocked in today than it has children in, so a room is never over-staffed at an empty hour.
 * Each location also gets its time clock link.
 */
export const timeclockStep: SeedStep = {
  name: 'timeclock',
  async run({ trx, size, faker, now, locations, staff, ownerId }) {
    const owner = await ownerId();
    const locs = await locations();
    await insertMany(
      trx,
      'timeclock_links',
      locs.map((l) => ({ location_id: l.id, token: randomBytes(24).toString('base64url'), active: true, generated_by: owner })),
    );
    if (size.historyDays <= 0) return `${locs.length} time clock links`;
    const team = (await staff()).filter((s) => s.role === 'teacher' || s.role === 'manager');
    const home = new Map<string, string>();
    for (const r of await trx('user_locations')
      .whereIn(
        'user_id',
        team.map((t) => t.id),
      )
      .orderBy('location_id')
      .select('user_id', 'location_id'))
      if (!home.has(String(r.user_id))) home.set(String(r.user_id), String(r.location_id));
    const room = new Map<string, string>();
    for (const r of await trx('user_programs').orderBy('program_id').select('user_id', 'program_id'))
      if (!room.has(String(r.user_id))) room.set(String(r.user_id), String(r.program_id));
    const childrenIn = new Map(
      (
        await trx('attendances')
          .whereNull('end_time')
          .whereNull('deleted_at')
          .groupBy('program_id')
          .select('program_id', trx.raw('count(*)::int as n'))
      ).map((r) => [String(r.program_id), Number(r.n)]),
    );
    const staffIn = new Map<string, number>();

    const records: (Record<string, unknown> & { name: string; breakAt: [Date, Date] | null })[] = [];
    for (const member of team) {
      const locationId = home.get(member.id);
      const loc = locs.find((l) => l.id === locationId);
      if (!loc) continue;
      const shift = member.role === 'manager' ? SHIFTS.office : faker.helpers.arrayElement([SHIFTS.early, SHIFTS.late]);
      const { date: today, time: nowTime } = localParts(now, loc.timezone);
      const nowMinutes = minutesOf(nowTime);
      for (let d = size.historyDays - 1; d >= 0; d--) {
        const date = addDays(today, -d);
        if (['sat', 'sun'].includes(weekdayOf(date)) || faker.datatype.boolean(0.08)) continue;
        const start = shift.start + faker.number.int({ min: -10, max: 10 });
        const end = shift.end + faker.number.int({ min: -10, max: 15 });
        if (d === 0 && start > nowMinutes) continue;
        const open = d === 0 && end > nowMinutes;
        const lunch = 12 * 60 + faker.number.int({ min: -30, max: 60 });
        const breakDone = !open || lunch + 30 <= nowMinutes;
        let programId = member.role === 'teacher' ? (room.get(member.id) ?? null) : null;
        if (open && programId) {
          const n = (staffIn.get(programId) ?? 0) + 1;
          if (n > (childrenIn.get(programId) ?? 0)) programId = null;
          else staffIn.set(programId, n);
        }
        records.push({
          user_id: member.id,
          location_id: loc.id,
          program_id: programId,
          date,
          start_time: zonedInstant(date, clockTime(start), loc.timezone),
          end_time: open ? null : zonedInstant(date, clockTime(end), loc.timezone),
          break_time: breakDone ? 30 : 0,
          checkedin_by: member.id,
          checkedout_by: open ? null : member.id,
          check_in_method: faker.helpers.arrayElement(['timeclock', 'kiosk', 'web']),
          check_out_method: open ? null : 'timeclock',
          name: `${member.fname} ${member.lname}`,
          breakAt: breakDone
            ? [zonedInstant(date, clockTime(lunch), loc.timezone), zonedInstant(date, clockTime(lunch + 30), loc.timezone)]
            : null,
        });
      }
    }
    const ids = await allocateIds(trx, 'staff_attendances', records.length);
    await insertMany(
      trx,
      'staff_attendances',
      records.map(({ name: _n, breakAt: _b, ...r }, i) => ({
        id: ids[i],
        ...r,
        created_at: r.start_time,
        updated_at: r.end_time ?? r.start_time,
      })),
    );
    await insertMany(
      trx,
      'staff_breaks',
      records.flatMap((r, i) => (r.breakAt ? [{ staff_attendance_id: ids[i], start_time: r.breakAt[0], end_time: r.breakAt[1] }] : [])),
    );
    await insertMany(
      trx,
      'audit_log',
      records.flatMap((r, i) => {
        const row = (action: string, at: unknown) =>
          auditRow({
            action,
            entity: 'staff_attendance',
            entity_id: ids[i]!,
            location_id: String(r.location_id),
            actor_user_id: String(r.user_id),
            data: { name: r.name, user_id: String(r.user_id) },
            created_at: at as Date,
          });
        return [row('timeclock.check_in', r.start_time), ...(r.end_time ? [row('timeclock.check_out', r.end_time)] : [])];
      }),
    );
    const open = records.filter((r) => r.end_time === null).length;
    return `${locs.length} time clock links, ${records.length} shifts over ${size.historyDays} days (${open} clocked in now)`;
  },
};
