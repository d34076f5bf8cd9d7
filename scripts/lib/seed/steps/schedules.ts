import { randomUUID } from 'node:crypto';
import { addDays, localParts, weekdayOf } from '@kv/shared';
import { auditRow, insertMany, type SeedStep } from '../context.ts';

const WORDS = {
  childcare: {
    vacation: ['Family trip', 'Visiting grandparents', 'Beach week', 'Holiday travel'],
    absence: ['Sick', 'Doctor appointment', 'Family day', 'Fever'],
    pto: ['Family wedding', 'Dentist', 'Long weekend'],
  },
  petcare: {
    vacation: ['Owner travelling', 'Staying with family', 'Cabin trip', 'Holiday with the family'],
    absence: ['Vet visit', 'Upset tummy', 'Grooming day', 'Home day'],
    pto: ['Family wedding', 'Dentist', 'Long weekend'],
  },
} as const;

const WEEK = ['mon', 'tue', 'wed', 'thu', 'fri'];
const PART_TIME = [
  ['mon', 'wed', 'fri'],
  ['tue', 'thu'],
  ['mon', 'tue', 'wed'],
];
const ARRIVALS = ['07:30', '08:00', '08:15', '08:30', '09:00'];

/**
 * Schedules (issue 21), after families (whose step gives every child one open-ended schedule):
 * at least 15 part-time children, 3 whose days change from today, 22 arrival-time updates and 5
 * extra days (30 logged changes), 8 vacations and 12 single absences ahead (absence rows of expected
 * days), and 4 weeks of staff schedules per location with 3 time-off requests (1 pending).
 */
export const schedulesStep: SeedStep = {
  name: 'schedules',
  async run({ trx, def, faker, now, locations, children, ownerId }) {
    if (await trx('student_schedule_changes').first('id')) return 'already there';
    const words = WORDS[def.kind];
    const owner = await ownerId();
    const tzOf = new Map((await locations()).map((l) => [l.id, l.timezone]));
    const kids = (await children()).filter((c) => !c.archived && c.status && c.program_id && !['lead', 'waitlist'].includes(c.type ?? ''));
    const todayOf = (locationId: string) => localParts(now, tzOf.get(locationId) ?? 'UTC').date;
    const current = new Map<string, { id: string; days: string[]; start_date: string }>();
    for (const r of await trx('student_schedules')
      .whereIn(
        'student_id',
        kids.map((k) => k.id),
      )
      .select('id', 'student_id', 'days', trx.raw(`to_char(start_date, 'YYYY-MM-DD') as start_date`)))
      current.set(String(r.student_id), { id: String(r.id), days: r.days, start_date: r.start_date });
    const changes: Record<string, unknown>[] = [];
    const audits: Record<string, unknown>[] = [];
    const daysNow = new Map(kids.map((k) => [k.id, current.get(k.id)?.days ?? WEEK]));

    /** Ends a child's schedule the day before `from` and starts the next one on `from`. */
    async function split(kid: (typeof kids)[number], from: string, patch: { days?: string[]; start_time?: string; end_time?: string }) {
      const s = current.get(kid.id)!;
      await trx('student_schedules')
        .where({ id: s.id })
        .update({ end_date: addDays(from, -1) });
      const days = patch.days ?? s.days;
      const [row] = await trx('student_schedules')
        .insert({
          student_id: kid.id,
          location_id: kid.location_id,
          program_id: kid.program_id,
          start_date: from,
          type: days.length < 5 ? 'part_time' : 'full_time',
          days,
          start_time: patch.start_time ?? null,
          end_time: patch.end_time ?? null,
          created_by: owner,
        })
        .returning('id');
      current.set(kid.id, { id: String(row.id), days, start_date: from });
      daysNow.set(kid.id, days);
      return String(row.id);
    }
    const log = (kid: (typeof kids)[number], scheduleId: string, action: string, data: object, at: string) => {
      const created_at = new Date(
        `${at}T${faker.helpers.arrayElement(['09', '11', '14', '16'])}:${faker.helpers.arrayElement(['05', '20', '40'])}:00Z`,
      );
      changes.push({
        location_id: kid.location_id,
        student_id: kid.id,
        schedule_id: scheduleId,
        action,
        data,
        changed_by: owner,
        created_at,
      });
      audits.push(
        auditRow({
          action: `student_schedule.${action}`,
          entity: 'student',
          entity_id: kid.id,
          location_id: kid.location_id,
          actor_user_id: owner,
          data,
          created_at,
        }),
      );
    };

    // At least 15 part-time children (their earlier days stay in the history).
    const shuffled = faker.helpers.shuffle([...kids]);
    const partTime = () => kids.filter((k) => (daysNow.get(k.id) ?? WEEK).length < 5).length;
    for (const kid of shuffled) {
      if (partTime() >= 15) break;
      if ((daysNow.get(kid.id) ?? WEEK).length < 5) continue;
      const from = addDays(todayOf(kid.location_id), -faker.number.int({ min: 30, max: 90 }));
      await split(kid, from, { days: faker.helpers.arrayElement(PART_TIME) });
    }
    // 3 children whose days change from today.
    const changing = shuffled.slice(0, 3);
    for (const kid of changing) {
      const today = todayOf(kid.location_id);
      const before = daysNow.get(kid.id) ?? WEEK;
      const days = before.length < 5 ? WEEK : faker.helpers.arrayElement(PART_TIME);
      if (current.get(kid.id)!.start_date >= today) continue;
      const id = await split(kid, today, { days });
      log(kid, id, 'updated', { days: [before, days] }, today);
    }
    // 22 arrival-time updates over the last four weeks.
    for (const kid of shuffled.slice(3, 25)) {
      const today = todayOf(kid.location_id);
      const at = addDays(today, -faker.number.int({ min: 1, max: 27 }));
      if (current.get(kid.id)!.start_date >= at) continue;
      const start_time = faker.helpers.arrayElement(ARRIVALS);
      const end_time = faker.helpers.arrayElement(['15:30', '16:00', '17:00', '17:30']);
      const id = await split(kid, at, { start_time, end_time });
      log(kid, id, 'updated', { start_time: [null, start_time], end_time: [null, end_time] }, at);
    }
    // 5 extra days next week for part-time children.
    const extraDates: Record<string, unknown>[] = [];
    for (const kid of kids.filter((k) => (daysNow.get(k.id) ?? WEEK).length < 5).slice(0, 5)) {
      const today = todayOf(kid.location_id);
      const days = daysNow.get(kid.id)!;
      let d = addDays(today, 7);
      while (days.includes(weekdayOf(d)) || ['sat', 'sun'].includes(weekdayOf(d))) d = addDays(d, 1);
      const s = current.get(kid.id)!;
      extraDates.push({ schedule_id: s.id, student_id: kid.id, date: d, start_time: '08:30', end_time: '15:00' });
      log(kid, s.id, 'date_added', { date: d }, addDays(today, -faker.number.int({ min: 0, max: 6 })));
    }
    await insertMany(trx, 'student_schedule_dates', extraDates);

    // 8 vacations ahead: one absence row per expected day.
    const absences: Record<string, unknown>[] = [];
    const taken = new Set<string>();
    const onVacation: string[] = [];
    for (const kid of faker.helpers.shuffle(kids.filter((k) => !changing.includes(k)))) {
      if (onVacation.length >= 8) break;
      const today = todayOf(kid.location_id);
      const start = addDays(today, faker.number.int({ min: 3, max: 45 }));
      const end = addDays(start, faker.number.int({ min: 2, max: 8 }));
      const days = daysNow.get(kid.id) ?? WEEK;
      const dates: string[] = [];
      for (let d = start; d <= end; d = addDays(d, 1))
        if (days.includes(weekdayOf(d)) && !extraDates.some((x) => x.student_id === kid.id)) dates.push(d);
      if (!dates.length) continue;
      const vacation_id = randomUUID();
      const reason = faker.helpers.arrayElement(words.vacation);
      for (const d of dates) {
        taken.add(`${kid.id}:${d}`);
        absences.push({
          student_id: kid.id,
          location_id: kid.location_id,
          date: d,
          reason,
          note: null,
          marked_by: owner,
          vacation_id,
          vacation_start: start,
          vacation_end: end,
        });
      }
      onVacation.push(kid.id);
      audits.push(
        auditRow({
          action: 'vacation.create',
          entity: 'student',
          entity_id: kid.id,
          location_id: kid.location_id,
          actor_user_id: owner,
          data: { vacation: vacation_id, start_date: start, end_date: end },
        }),
      );
    }
    // 12 single absences in the next ten days, on expected days.
    let singles = 0;
    for (const kid of faker.helpers.shuffle([...kids])) {
      if (singles >= 12) break;
      const today = todayOf(kid.location_id);
      const d = addDays(today, faker.number.int({ min: 1, max: 10 }));
      if (!(daysNow.get(kid.id) ?? WEEK).includes(weekdayOf(d)) || taken.has(`${kid.id}:${d}`)) continue;
      taken.add(`${kid.id}:${d}`);
      absences.push({
        student_id: kid.id,
        location_id: kid.location_id,
        date: d,
        reason: faker.helpers.arrayElement(words.absence),
        note: null,
        marked_by: owner,
      });
      singles++;
    }
    if (absences.length)
      await trx.raw(
        `insert into attendance_absences (student_id, location_id, date, reason, note, marked_by, vacation_id, vacation_start, vacation_end)
         select student_id, location_id, date, reason, note, marked_by, vacation_id, vacation_start, vacation_end
           from json_populate_recordset(null::attendance_absences, ?::json)
         on conflict (student_id, date) do nothing`,
        [JSON.stringify(absences)],
      );
    await insertMany(trx, 'student_schedule_changes', changes);

    // Staff: four weeks (from last Monday) per person and location, 3 time-off requests (1 pending).
    const people = await trx.raw(
      `select distinct x.user_id, x.location_id,
              (select up.program_id from user_programs up join programs p on p.id = up.program_id
                where up.user_id = x.user_id and p.location_id = x.location_id order by up.program_id limit 1) as program_id
         from (select user_id, location_id from user_locations union select user_id, location_id from location_managers) x
         join users u on u.id = x.user_id and u.deleted_at is null and u.status
        where exists (select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = u.id and r.name in ('teacher', 'manager'))
        order by 1, 2`,
    );
    const staffRows: Record<string, unknown>[] = [];
    const ptos: Record<string, unknown>[] = [];
    const managerOf = new Map<string, string>();
    for (const r of await trx('location_managers').select('user_id', 'location_id'))
      managerOf.set(String(r.location_id), String(r.user_id));
    for (const p of people.rows as { user_id: string; location_id: string; program_id: string | null }[]) {
      const today = todayOf(String(p.location_id));
      const monday = addDays(today, -(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as string[]).indexOf(weekdayOf(today)) - 7);
      const early = faker.datatype.boolean();
      staffRows.push({
        user_id: p.user_id,
        location_id: p.location_id,
        program_id: p.program_id,
        start_date: monday,
        end_date: addDays(monday, 27),
        start_time: early ? '07:00' : '09:30',
        end_time: early ? '15:00' : '17:30',
        days: faker.datatype.boolean(0.8) ? WEEK : ['mon', 'tue', 'wed', 'thu'],
        repeat: 'weekly',
        note: early ? 'Opening shift' : 'Closing shift',
        created_by: owner,
      });
    }
    for (const [i, p] of faker.helpers
      .shuffle([...(people.rows as { user_id: string; location_id: string }[])])
      .slice(0, 3)
      .entries()) {
      const today = todayOf(String(p.location_id));
      const start = addDays(today, faker.number.int({ min: 2, max: 20 }));
      const end = addDays(start, i === 0 ? 2 : 0);
      const approver = managerOf.get(String(p.location_id)) ?? owner;
      const pending = i === 2;
      ptos.push({
        user_id: p.user_id,
        location_id: p.location_id,
        start_date: start,
        end_date: end,
        minutes: (i === 0 ? 24 : 8) * 60,
        type: ['vacation', 'personal', 'sick'][i],
        note: words.pto[i],
        approved_by: pending || approver === String(p.user_id) ? (pending ? null : owner) : approver,
        approved_at: pending ? null : now,
        created_by: p.user_id,
      });
    }
    await insertMany(trx, 'staff_schedules', staffRows);
    await insertMany(trx, 'staff_ptos', ptos);
    await insertMany(trx, 'audit_log', audits);
    return `${partTime()} part-time, ${changes.length} schedule changes, ${onVacation.length} vacations, ${singles} absences, ${staffRows.length} staff schedules, ${ptos.length} time-off requests`;
  },
};
