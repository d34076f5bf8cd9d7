import { renderTemplate } from '@kv/messaging';
import { addDays, clockTime, daysBetween, localParts, minutesOf } from '@kv/shared';
import { allocateIds, insertMany, type SeedStep } from '../context.ts';

type Row = Record<string, unknown>;

/** Every column an entry row carries (insertMany makes a missing key null: all rows list all). */
const BLANK: Row = {
  program_id: null,
  end_time: null,
  amount: null,
  type: null,
  note: null,
  title: null,
  by: null,
  nap: null,
  observation: null,
  position: null,
  mood: null,
  custom: null,
  staff_only: false,
  details: {},
  status: 'approved',
  approved_by: null,
  approved_at: null,
};

const MOODS = ['happy', 'happy', 'calm', 'excited', 'tired', 'fussy'];
const CARE_ACTIVITIES = [
  'Painting',
  'Story time',
  'Sand play',
  'Music and movement',
  'Outdoor play',
  'Blocks',
  'Sensory bin',
  'Puppet show',
];
const PET_ACTIVITIES = ['Fetch in the yard', 'Group play', 'Agility course', 'Nose work', 'Splash pool', 'Brushing'];
const INJURIES = [
  { injury: 'Scraped knee on the playground', first_aid: 'Cleaned and bandaged', body_part: 'knee' },
  { injury: 'Bumped head on a table', first_aid: 'Ice pack for 10 minutes', body_part: 'head' },
  { injury: 'Pinched finger in a door', first_aid: 'Cold compress', body_part: 'finger' },
];
const PET_INJURIES = [
  { injury: 'Small scratch during play', first_aid: 'Cleaned with saline', body_part: 'ear' },
  { injury: 'Sore paw after running', first_aid: 'Rested and checked', body_part: 'paw' },
];
const OBSERVATIONS = [
  'Counted to ten while building a tower.',
  'Shared the red shovel without being asked.',
  'Named four colours during painting.',
  'Tried a new food at lunch and said it was yummy.',
  'Helped a friend put on their shoes.',
];
const PET_OBSERVATIONS = ['Waited calmly at the gate.', 'Came back on the first call.', 'Played gently with a smaller dog.'];

/**
 * Daily activities for the last `historyDays` days of each location, from what attendance wrote:
 * every child checked in that day gets about 8 entries by age (infants bottles, diapers and naps;
 * toddlers meals, diapers or potty, a nap; older children meals, potty, activities), the room a
 * group activity, 2 observations per child-week and 1 injury per room-week; 5 % are staff-only.
 * Today each room has at least 30 entries, 10 of them waiting for approval (the first location
 * approves activities). 30 daily report mails are recorded as sent. Rows are built here and
 * written with one statement per table (insertMany).
 */
export const activitiesStep: SeedStep = {
  name: 'activities',
  async run({ trx, def, size, faker, now, locations, rooms, staff, ownerId }) {
    if (size.historyDays <= 0) return 'no history asked for';
    const pets = def.kind === 'petcare';
    const owner = await ownerId();
    const locs = await locations();
    const roomsByLocation = new Map<string, string[]>();
    for (const r of await rooms()) roomsByLocation.set(r.location_id, [...(roomsByLocation.get(r.location_id) ?? []), r.id]);
    const teachers = (await staff()).filter((p) => p.role === 'teacher' || p.role === 'manager').map((p) => p.id);
    // Entries are recorded by the room's staff (user_programs), else any teacher or manager.
    const roomStaff = new Map<string, string[]>();
    for (const r of await trx('user_programs').select('program_id', 'user_id'))
      roomStaff.set(String(r.program_id), [...(roomStaff.get(String(r.program_id)) ?? []), String(r.user_id)]);
    const recorders = new Map<string, string>();
    const who = (programId: unknown) => {
      const key = String(programId);
      let id = recorders.get(key);
      if (!id) {
        const pool = roomStaff.get(key) ?? teachers;
        id = pool.length ? faker.helpers.arrayElement(pool) : owner;
        recorders.set(key, id);
      }
      return id;
    };
    const dob = new Map(
      (await trx('students').select('id', trx.raw(`to_char(dob, 'YYYY-MM-DD') as dob`), 'fname')).map((r) => [
        String(r.id),
        r as { dob: string | null; fname: string },
      ]),
    );
    // Who was in, when: attendance's records (local dates and times).
    const days = await trx('attendances as t')
      .join('locations as l', 'l.id', 't.location_id')
      .whereNull('t.deleted_at')
      .whereNotNull('t.program_id')
      .orderBy(['t.location_id', 't.date', 't.program_id', 't.student_id'])
      .select(
        't.student_id',
        't.location_id',
        't.program_id',
        trx.raw(`to_char(t.date, 'YYYY-MM-DD') as date`),
        trx.raw(`to_char(t.start_time at time zone l.timezone, 'HH24:MI') as arrive`),
        trx.raw(`to_char(coalesce(t.end_time, now()) at time zone l.timezone, 'HH24:MI') as leave`),
      );

    const entries: Row[] = [];
    const kids: string[][] = [];
    const add = (row: Row, students: string[]) => {
      const person = who(row.program_id);
      entries.push({
        ...BLANK,
        ...row,
        staff_only: row.kind !== 'incident' && faker.datatype.boolean(0.05),
        created_by: person,
        updated_by: person,
      });
      kids.push(students);
    };
    const at = (from: number, to: number) =>
      clockTime(Math.max(0, Math.min(23 * 60 + 58, faker.number.int({ min: from, max: Math.max(from, to) }))));

    const byRoomDay = new Map<string, typeof days>();
    for (const d of days) {
      const key = `${d.location_id}|${d.program_id}|${d.date}`;
      byRoomDay.set(key, [...(byRoomDay.get(key) ?? []), d]);
    }
    for (const [key, present] of byRoomDay) {
      const [locationId, programId, date] = key.split('|') as [string, string, string];
      const base = { location_id: locationId, program_id: programId, date };
      // The room's group activity, all present children on one entry.
      const [first] = present;
      add(
        {
          ...base,
          kind: 'activity',
          time: at(minutesOf(first!.arrive) + 30, minutesOf(first!.arrive) + 120),
          title: faker.helpers.arrayElement(pets ? PET_ACTIVITIES : CARE_ACTIVITIES),
          type: 'group',
        },
        present.map((p) => String(p.student_id)),
      );
      for (const p of present) {
        const s = String(p.student_id);
        const from = minutesOf(p.arrive);
        const to = Math.max(from + 30, minutesOf(p.leave) - 10);
        const birth = dob.get(s)?.dob;
        const months = birth ? Math.floor(daysBetween(birth, date) / 30.44) : 36;
        const one = (row: Row) => add({ ...base, ...row }, [s]);
        const nap = () => {
          const start = Math.max(from + 30, faker.number.int({ min: 12 * 60, max: 13 * 60 }));
          const end = start + faker.number.int({ min: 40, max: 110 });
          if (end > to) return one({ kind: 'mood', time: at(from, to), mood: faker.helpers.arrayElement(MOODS) });
          one({
            kind: 'nap',
            time: clockTime(start),
            end_time: clockTime(end),
            position: months < 12 ? 'back' : faker.helpers.arrayElement(['back', 'side']),
            nap: 'slept',
          });
        };
        if (pets) {
          one({
            kind: 'meal',
            time: at(from, from + 60),
            type: 'breakfast',
            details: { portion: faker.helpers.arrayElement(['most', 'all']) },
          });
          one({
            kind: 'meal',
            time: at(11 * 60 + 30, 12 * 60 + 30),
            type: 'lunch',
            details: { portion: faker.helpers.arrayElement(['some', 'most', 'all']) },
          });
          for (let i = 0; i < 3; i++) one({ kind: 'potty', time: at(from, to), type: 'success' });
          nap();
          one({ kind: 'activity', time: at(from, to), title: faker.helpers.arrayElement(PET_ACTIVITIES), type: 'play' });
        } else if (months < 18) {
          for (let i = 0; i < 2; i++)
            one({
              kind: 'bottle',
              time: at(from + i * 180, from + i * 180 + 120),
              amount: faker.helpers.arrayElement([120, 150, 180]),
              type: 'formula',
              details: { unit: 'ml' },
            });
          for (let i = 0; i < 3; i++)
            one({ kind: 'diaper', time: at(from, to), type: faker.helpers.arrayElement(['wet', 'wet', 'bm', 'dry']) });
          nap();
        } else if (months < 36) {
          one({
            kind: 'meal',
            time: at(from, from + 60),
            type: 'breakfast',
            details: { portion: faker.helpers.arrayElement(['some', 'most', 'all']) },
          });
          one({
            kind: 'meal',
            time: at(11 * 60 + 15, 12 * 60),
            type: 'lunch',
            details: { portion: faker.helpers.arrayElement(['some', 'most', 'all']) },
          });
          for (let i = 0; i < 2; i++)
            one(
              months < 30
                ? { kind: 'diaper', time: at(from, to), type: faker.helpers.arrayElement(['wet', 'bm']) }
                : { kind: 'potty', time: at(from, to), type: faker.helpers.arrayElement(['success', 'tried']) },
            );
          nap();
        } else {
          one({
            kind: 'meal',
            time: at(9 * 60, 10 * 60),
            type: 'am_snack',
            details: { portion: faker.helpers.arrayElement(['most', 'all']) },
          });
          one({
            kind: 'meal',
            time: at(11 * 60 + 30, 12 * 60 + 15),
            type: 'lunch',
            details: { portion: faker.helpers.arrayElement(['some', 'most', 'all', 'seconds']) },
          });
          one({ kind: 'potty', time: at(from, to), type: 'success' });
          nap();
          one({ kind: 'activity', time: at(from, to), title: faker.helpers.arrayElement(CARE_ACTIVITIES), type: 'learning' });
        }
        one({ kind: 'mood', time: at(from, to), mood: faker.helpers.arrayElement(MOODS) });
        if (faker.datatype.boolean(0.15))
          one({
            kind: pets ? 'note' : 'kudos',
            time: at(from, to),
            title: pets ? null : 'Great helper today',
            note: pets ? 'Had a great day with friends.' : null,
          });
        if (faker.datatype.boolean(0.03))
          one({
            kind: 'supplies',
            time: at(from, to),
            details: { supplies: [faker.helpers.arrayElement(pets ? ['Treats', 'Food'] : ['Diapers', 'Wipes', 'Spare clothes'])] },
          });
      }
    }

    // 2 observations per child-week, 1 injury per room-week (the weeks counted back from today).
    const weekOf = (loc: string, date: string) => {
      const tz = locs.find((l) => l.id === loc)?.timezone ?? 'UTC';
      return Math.floor(daysBetween(date, localParts(now, tz).date) / 7);
    };
    const childWeeks = new Map<string, typeof days>();
    const roomWeeks = new Map<string, typeof days>();
    for (const d of days) {
      const w = weekOf(String(d.location_id), d.date);
      const ck = `${d.student_id}|${w}`;
      const rk = `${d.program_id}|${w}`;
      childWeeks.set(ck, [...(childWeeks.get(ck) ?? []), d]);
      roomWeeks.set(rk, [...(roomWeeks.get(rk) ?? []), d]);
    }
    for (const present of childWeeks.values())
      for (const d of faker.helpers.arrayElements(present, Math.min(2, present.length)))
        add(
          {
            location_id: d.location_id,
            program_id: d.program_id,
            date: d.date,
            kind: 'observation',
            time: at(minutesOf(d.arrive), minutesOf(d.leave) - 10),
            observation: faker.helpers.arrayElement(pets ? PET_OBSERVATIONS : OBSERVATIONS),
          },
          [String(d.student_id)],
        );
    for (const present of roomWeeks.values()) {
      const d = faker.helpers.arrayElement(present);
      add(
        {
          location_id: d.location_id,
          program_id: d.program_id,
          date: d.date,
          kind: 'incident',
          time: at(minutesOf(d.arrive), minutesOf(d.leave) - 10),
          title: 'Injury',
          details: faker.helpers.arrayElement(pets ? PET_INJURIES : INJURIES),
        },
        [String(d.student_id)],
      );
    }

    // Today: at least 30 entries per room (notes and moods where the day is young), 10 waiting for approval.
    const todayOf = new Map(locs.map((l) => [l.id, localParts(now, l.timezone)]));
    const children = await trx('students')
      .whereNull('deleted_at')
      .where({ status: true })
      .whereNotNull('program_id')
      .select('id', 'program_id', 'location_id');
    let pending = 0;
    const todayByRoom = new Map<string, Row[]>();
    for (const e of entries) {
      if (e.date !== todayOf.get(String(e.location_id))?.date) continue;
      const k = String(e.program_id);
      if (!todayByRoom.has(k)) todayByRoom.set(k, []);
      todayByRoom.get(k)!.push(e);
    }
    for (const [locationId, roomIds] of roomsByLocation) {
      const local = todayOf.get(locationId)!;
      const nowMin = minutesOf(local.time);
      for (const programId of roomIds) {
        const inRoom = children.filter((c) => String(c.program_id) === programId).map((c) => String(c.id));
        if (!inRoom.length) continue;
        const today = todayByRoom.get(programId) ?? [];
        for (let n = today.length; n < 30; n++) {
          const s = faker.helpers.arrayElement(inRoom);
          add(
            {
              location_id: locationId,
              program_id: programId,
              date: local.date,
              time: clockTime(Math.max(0, nowMin - faker.number.int({ min: 1, max: Math.max(1, Math.min(nowMin, 240)) }))),
              ...(n % 2
                ? { kind: 'mood', mood: faker.helpers.arrayElement(MOODS) }
                : {
                    kind: 'note',
                    note: faker.helpers.arrayElement(['Settled in well.', 'Played with friends.', 'Enjoyed outdoor time.']),
                  }),
            },
            [s],
          );
          today.push(entries[entries.length - 1]!);
        }
        for (const e of today.filter((x) => x.kind !== 'incident').slice(-10)) {
          e.status = 'pending';
          e.staff_only = false;
          pending++;
        }
      }
    }
    // Nothing today lies ahead of now: a nap still going has no end yet.
    for (const e of entries) {
      const local = todayOf.get(String(e.location_id));
      if (!local || e.date !== local.date) continue;
      const nowMin = minutesOf(local.time);
      if (minutesOf(String(e.time)) > nowMin) e.time = clockTime(Math.max(0, nowMin - faker.number.int({ min: 1, max: 60 })));
      if (e.end_time && (minutesOf(String(e.end_time)) > nowMin || String(e.end_time) <= String(e.time))) e.end_time = null;
    }

    const ids = await allocateIds(trx, 'activities', entries.length);
    await insertMany(
      trx,
      'activities',
      // Nulls stay out of the one JSON parameter (insertMany makes a missing key null).
      entries.map((e, i) => ({
        id: ids[i],
        ...Object.fromEntries(Object.entries(e).filter(([, v]) => v !== null)),
        created_at: now,
        updated_at: now,
      })),
    );
    await insertMany(
      trx,
      'activity_students',
      kids.flatMap((students, i) => students.map((student_id) => ({ activity_id: ids[i], student_id, date: entries[i]!.date }))),
    );
    // The first location asks for approval: today's pending entries wait there (and elsewhere, as seeded).
    if (locs[0])
      await trx('location_settings')
        .insert({ location_id: locs[0].id, approve_activities: true })
        .onConflict('location_id')
        .merge(['approve_activities']);

    // 30 daily report mails, sent at 17:30 on the last days, to guardians of children with entries.
    const guardians = await trx('student_users as su')
      .join('users as u', 'u.id', 'su.user_id')
      .join('students as s', 's.id', 'su.student_id')
      .where({ 'su.black_list': false, 'su.legal_guardian': true })
      .whereNull('u.deleted_at')
      .whereNotNull('u.email')
      .orderBy(['u.id', 's.id'])
      .select('u.id', 'u.fname', 'u.email', 'u.locale', 's.id as student_id', 's.fname as child', 's.location_id');
    const sends: Row[] = [];
    const mails: Row[] = [];
    const seen = new Set<string>();
    const visible = new Map<string, Row[]>();
    entries.forEach((e, i) => {
      if (e.status !== 'approved' || e.staff_only) return;
      for (const st of kids[i]!) {
        const k = `${e.date}|${st}`;
        if (!visible.has(k)) visible.set(k, []);
        visible.get(k)!.push(e);
      }
    });
    for (let back = 1; back <= size.historyDays && sends.length < 30; back++) {
      for (const g of guardians) {
        if (sends.length >= 30) break;
        const loc = locs.find((l) => l.id === String(g.location_id));
        if (!loc) continue;
        const date = addDays(localParts(now, loc.timezone).date, -back);
        const key = `${g.id}|${loc.id}|${date}`;
        if (seen.has(key)) continue;
        const theirs = visible.get(`${date}|${g.student_id}`) ?? [];
        if (!theirs.length) continue;
        seen.add(key);
        const summary = `${g.child}: ${[...theirs]
          .sort((a, b) => String(a.time).localeCompare(String(b.time)))
          .map((e) => `${e.time} ${String(e.kind === 'meal' ? e.type : e.kind).replace('_', ' ')}`)
          .join(' · ')}`;
        const data = { fname: g.fname, children: g.child, location: loc.name, date, summary };
        const rendered = renderTemplate('activity-report', g.locale, data);
        const sentAt = new Date(now.getTime() - back * 86_400_000);
        mails.push({
          channel: 'email',
          recipient: g.email,
          user_id: String(g.id),
          template: 'activity-report',
          locale: g.locale === 'es' ? 'es' : 'en',
          subject: rendered.subject,
          body_text: rendered.text,
          body_html: rendered.html,
          data,
          status: 'sent',
          created_at: sentAt,
          sent_at: sentAt,
        });
        sends.push({
          location_id: loc.id,
          user_id: String(g.id),
          recipient: g.email,
          date,
          kind: 'scheduled',
          students: `{${g.student_id}}`,
          created_at: sentAt,
        });
      }
    }
    const messageIds = await allocateIds(trx, 'outbound_messages', mails.length);
    await insertMany(
      trx,
      'outbound_messages',
      mails.map((m, i) => ({ id: messageIds[i], ...m })),
    );
    await insertMany(
      trx,
      'activity_report_sends',
      sends.map((s, i) => ({ ...s, message_id: messageIds[i] })),
    );
    return `${entries.length} entries for ${days.length} child-days (${pending} awaiting approval), ${mails.length} daily reports sent`;
  },
};
