import { addDays, clockTime, localParts, minutesOf, weekdayOf, zonedInstant } from '@kv/shared';
import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';

const METHODS = ['kiosk', 'kiosk', 'kiosk', 'staff', 'staff', 'phone', 'qr'] as const;

/**
 * The last `historyDays` days of check-ins and check-outs up to now, in each location's time zone:
 * each enrolled child on the days of their week schedule, now and then absent; today's children
 * are in if they arrived before now and have not left yet, so live screens show a day in progress.
 * Where a location screens health, each check-in carries its passed questionnaire. One open record
 * per child at most (the schema's own rule); every record has the audit rows a check-in writes.
 */
export const attendanceStep: SeedStep = {
  name: 'attendance',
  async run({ trx, def, size, faker, vocabulary, now, locations, children, ownerId }) {
    if (size.historyDays <= 0) return 'no history asked for';
    const named = new Set(def.families.flatMap((f) => f.children.map((c) => `${c.fname} ${c.lname}`)));
    const owner = await ownerId();
    const locs = await locations();
    const kids = (await children()).filter((c) => !c.archived && c.status && c.type === 'enrolled' && c.program_id);
    const screening = new Set(
      (await trx('attendance_settings').where({ health_screen: true }).select('location_id')).map((r) => String(r.location_id)),
    );
    const questions = await trx('health_questions')
      .whereNull('deleted_at')
      .orderBy(['location_id', 'position'])
      .select('id', 'location_id', 'statement', 'pass_answer');
    const enrolled = new Map(
      (await trx('students').select('id', trx.raw('enrollment_date::text as since'))).map((r) => [String(r.id), r.since as string | null]),
    );
    // Who brings each child: the contacts who may pick up; who records it: the room's staff.
    const pickups = new Map<string, string[]>();
    for (const r of await trx('student_users').where({ pickup: true, black_list: false }).select('student_id', 'user_id'))
      pickups.set(String(r.student_id), [...(pickups.get(String(r.student_id)) ?? []), String(r.user_id)]);
    const roomStaff = new Map<string, string[]>();
    for (const r of await trx('user_programs').select('program_id', 'user_id'))
      roomStaff.set(String(r.program_id), [...(roomStaff.get(String(r.program_id)) ?? []), String(r.user_id)]);

    const records: Record<string, unknown>[] = [];
    const screens: Record<string, unknown>[] = [];
    const absences: Record<string, unknown>[] = [];
    for (const loc of locs) {
      const { date: today, time: nowTime } = localParts(now, loc.timezone);
      const nowMinutes = minutesOf(nowTime);
      for (let d = size.historyDays - 1; d >= 0; d--) {
        const date = addDays(today, -d);
        for (const kid of kids.filter((k) => k.location_id === loc.id)) {
          const since = enrolled.get(kid.id);
          if (since && since > date) continue;
          if (!kid.week_schedule.includes(weekdayOf(date))) continue;
          if (faker.datatype.boolean(0.06)) {
            absences.push({
              student_id: kid.id,
              location_id: loc.id,
              date,
              reason: faker.helpers.arrayElement(vocabulary.absenceReasons),
              marked_by: owner,
            });
            continue;
          }
          const arrive = faker.number.int({ min: 7 * 60, max: 9 * 60 + 30 });
          const leave = faker.number.int({ min: 15 * 60, max: 18 * 60 + 15 });
          if (d === 0 && arrive > nowMinutes) continue;
          const open = d === 0 && leave > nowMinutes;
          // The README's children are never left in: tests and journeys check them in themselves.
          if (open && named.has(`${kid.fname} ${kid.lname}`)) continue;
          const method = faker.helpers.arrayElement(METHODS);
          const staff = roomStaff.get(kid.program_id!) ?? [owner];
          const family = pickups.get(kid.id) ?? [];
          const recorder = faker.helpers.arrayElement(staff);
          const dropper = method === 'staff' || family.length === 0 ? recorder : faker.helpers.arrayElement(family);
          const picker = family.length === 0 ? recorder : faker.helpers.arrayElement(family);
          const start = zonedInstant(date, clockTime(arrive), loc.timezone);
          const end = open ? null : zonedInstant(date, clockTime(leave), loc.timezone);
          const record: Record<string, unknown> = {
            student_id: kid.id,
            location_id: loc.id,
            program_id: kid.program_id,
            date,
            start_time: start,
            end_time: end,
            checkedin_by: dropper,
            checkedin_recorded_by: method === 'phone' || method === 'qr' ? dropper : recorder,
            check_in_method: method,
            checkedout_by: end ? picker : null,
            checkedout_recorded_by: end ? recorder : null,
            check_out_method: end ? (method === 'phone' || method === 'qr' ? 'staff' : method) : null,
            created_at: start,
            updated_at: end ?? start,
            name: `${kid.fname} ${kid.lname}`,
          };
          if (screening.has(loc.id)) {
            const own = questions.filter((q) => String(q.location_id) === loc.id);
            record.screen = screens.length;
            screens.push({
              student_id: kid.id,
              location_id: loc.id,
              date,
              answers: own.map((q) => ({ question_id: String(q.id), statement: q.statement, answer: q.pass_answer, passed: true })),
              passed: true,
              screened_by: dropper,
              recorded_by: recorder,
              created_at: start,
            });
          }
          records.push(record);
        }
      }
    }
    const screenIds = await allocateIds(trx, 'health_screens', screens.length);
    await insertMany(
      trx,
      'health_screens',
      screens.map((s, i) => ({ id: screenIds[i], ...s })),
    );
    const ids = await allocateIds(trx, 'attendances', records.length);
    await insertMany(
      trx,
      'attendances',
      records.map(({ name: _name, screen, ...r }, i) => ({
        id: ids[i],
        ...r,
        health_screen_id: screen === undefined ? null : screenIds[screen as number],
      })),
    );
    await insertMany(trx, 'attendance_absences', absences);
    await insertMany(
      trx,
      'audit_log',
      records.flatMap((r, i) => {
        const row = (action: string, at: unknown, method: unknown, by: unknown, actor: unknown) =>
          auditRow({
            action,
            entity: 'attendance',
            entity_id: ids[i]!,
            location_id: String(r.location_id),
            actor_user_id: String(actor),
            data: { name: r.name, method, by },
            created_at: at as Date,
          });
        return [
          row('attendance.check_in', r.start_time, r.check_in_method, r.checkedin_by, r.checkedin_recorded_by),
          ...(r.end_time ? [row('attendance.check_out', r.end_time, r.check_out_method, r.checkedout_by, r.checkedout_recorded_by)] : []),
        ];
      }),
    );
    const open = records.filter((r) => r.end_time === null).length;
    return `${records.length} check-ins over ${size.historyDays} days (${open} in now), ${absences.length} absences, ${screens.length} health screens`;
  },
};
