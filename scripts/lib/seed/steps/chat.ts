import { allocateIds, insertMany, type SeedStep } from '../context.ts';

/** What families and staff write about a child (pet), by centre kind. `{n}` is the child's first name. */
const PHRASES = {
  childcare: {
    family: [
      'Good morning! {n} slept badly last night, she may be tired today.',
      'Could you remind {n} to wear the sun hat outside?',
      'Grandma will pick {n} up at 4:30 today.',
      'We are running low on diapers, I will bring a pack tomorrow.',
      'Thank you for the photos, {n} loved the painting!',
      '{n} has a dentist appointment on Friday morning, we will arrive around 10.',
      'Is there anything {n} needs for the field trip?',
      'Please try to keep {n} awake until nap time, bedtime was hard yesterday.',
      'Thanks, that is good to hear.',
      'Did {n} eat lunch today?',
    ],
    staff: [
      '{n} had a great morning in the sandbox.',
      'No problem, we will keep an eye on {n}.',
      '{n} napped from 12:45 to 2:10.',
      'Please bring a spare set of clothes for {n}, we used the last one today.',
      '{n} ate all of the pasta and half of the fruit.',
      'Noted, thank you for letting us know.',
      '{n} was a little fussy after lunch but settled quickly.',
      'Reminder: we need more diapers and wipes for {n}.',
      '{n} made a new friend today, they played blocks together for an hour.',
      'Yes, she ate well. See the daily report for details.',
    ],
    room: [
      'Pajama day this Friday! Everyone is welcome to wear pajamas.',
      'Reminder: please label water bottles and jackets.',
      'We are learning about colours this week, ask your child about their favourite!',
      'The field trip to the farm is next Thursday, permission slips are due Monday.',
      'Thank you all for the donations to the book corner.',
      'Picture day is on the 15th.',
      'Please bring sunscreen, we will be outside a lot this week.',
      'Great job everyone, the class garden is growing!',
    ],
  },
  petcare: {
    family: [
      'Good morning! {n} ate breakfast late today, she may not be hungry at noon.',
      'Could you keep {n} away from the big dogs? He is still nervous.',
      'My partner will pick {n} up at 6 tonight.',
      'I packed {n}’s medication in the front pocket of the bag.',
      'Thank you for the photos, {n} looks so happy!',
      '{n} has a vet appointment on Friday, we will come around 10.',
      'Did {n} drink enough water today?',
      'Please no treats for {n} this week, he is on a diet.',
      'Thanks, that is good to hear.',
      'Was {n} calm during the walk?',
    ],
    staff: [
      '{n} had a great time in the play yard this morning.',
      'No problem, we will keep an eye on {n}.',
      '{n} rested from 12:45 to 2:10.',
      'Please bring more food for {n}, we used the last portion today.',
      '{n} ate the whole bowl and drank well.',
      'Noted, thank you for letting us know.',
      '{n} was a bit restless after lunch but settled quickly.',
      'Reminder: {n}’s vaccination record needs an update.',
      '{n} made a new friend today, they played fetch for an hour.',
      'Yes, all of it. See the daily report for details.',
    ],
    room: [
      'Splash day this Friday! Please bring a towel.',
      'Reminder: please label leashes and harnesses.',
      'We are practising recall this week, ask your trainer for tips!',
      'The group hike is next Thursday, sign-ups are due Monday.',
      'Thank you all for the toy donations.',
      'Photo day is on the 15th.',
      'Hot week ahead: we will keep play sessions short and shaded.',
      'Great job everyone, the pack is getting along wonderfully!',
    ],
  },
} as const;

const CHILD_THREADS = 25;
const ROOM_THREADS = 5;

/**
 * Chat (issue 18): 25 child threads of 5–20 messages between the child's guardians and their
 * educators (the demo parent's children first, each ending with a message they have not read),
 * and 5 room threads; the other guardians' read marks sit at their thread's newest message.
 */
export const chatStep: SeedStep = {
  name: 'chat',
  async run({ trx, def, faker, now, children, staff, rooms }) {
    const words = PHRASES[def.kind];
    const kids = (await children()).filter((c) => !c.archived);
    if (!kids.length) return 'no children';
    const people = await staff();
    const owner = people.find((p) => p.role === 'center') ?? people[0];
    const guardians: { student_id: string; user_id: string; relation: string | null; username: string }[] = await trx('student_users as su')
      .join('users as u', 'u.id', 'su.user_id')
      .whereIn('su.student_id', kids.map((k) => k.id))
      .where('su.black_list', false)
      .whereNull('u.deleted_at')
      .select('su.student_id', 'su.user_id', 'su.relation', 'u.username');
    const roomStaff: { program_id: string; user_id: string }[] = await trx('user_programs').select('program_id', 'user_id');
    const locStaff: { location_id: string; user_id: string }[] = await trx('user_locations as ul')
      .join('users as u', 'u.id', 'ul.user_id')
      .whereIn('u.id', people.map((p) => p.id))
      .select('ul.location_id', 'ul.user_id');
    const staffFor = (locationId: string, programId: string | null) => {
      const inRoom = roomStaff.filter((r) => programId && String(r.program_id) === String(programId)).map((r) => String(r.user_id));
      if (inRoom.length) return inRoom;
      const atLoc = locStaff.filter((r) => String(r.location_id) === String(locationId)).map((r) => String(r.user_id));
      return atLoc.length ? atLoc : owner ? [owner.id] : [];
    };

    const demoKids = new Set(guardians.filter((g) => g.username === 'parent').map((g) => String(g.student_id)));
    const withGuardians = kids.filter((k) => guardians.some((g) => String(g.student_id) === k.id));
    const picked = [
      ...withGuardians.filter((k) => demoKids.has(k.id)),
      ...faker.helpers.shuffle(withGuardians.filter((k) => !demoKids.has(k.id))),
    ].slice(0, CHILD_THREADS);

    type Msg = Record<string, unknown>;
    const messages: Msg[] = [];
    const reads: { user_id: string; student_id?: string; program_id?: string; upto: number }[] = [];
    const day = 86_400_000;
    for (const k of picked) {
      const fam = guardians.filter((g) => String(g.student_id) === k.id);
      const team = staffFor(k.location_id, k.program_id);
      if (!team.length) continue;
      const n = faker.number.int({ min: 5, max: 20 });
      const start = now.getTime() - faker.number.int({ min: 2, max: 20 }) * day;
      const demo = demoKids.has(k.id);
      const first = messages.length;
      for (let i = 0; i < n; i++) {
        // The demo parent's threads end with the educators' news; the others alternate freely.
        const fromStaff = demo && i === n - 1 ? true : i % 2 === 1 ? faker.datatype.boolean(0.8) : faker.datatype.boolean(0.25);
        const g = faker.helpers.arrayElement(fam);
        const text = faker.helpers.arrayElement(fromStaff ? words.staff : words.family).replaceAll('{n}', k.fname);
        const at = new Date(start + ((now.getTime() - 3_600_000 - start) * (i + 1)) / (n + 1));
        messages.push({
          message: text,
          type: 'text',
          category: 'student',
          student_id: k.id,
          location_id: k.location_id,
          user_id: fromStaff ? faker.helpers.arrayElement(team) : g.user_id,
          parent_relation: fromStaff ? null : g.relation,
          created_at: at,
          updated_at: at,
        });
      }
      // Every guardian but the demo parent has read their thread; the demo parent has read all but the last.
      for (const g of fam) reads.push({ user_id: String(g.user_id), student_id: k.id, upto: g.username === 'parent' ? messages.length - 2 : messages.length - 1 });
      for (const t of team) reads.push({ user_id: t, student_id: k.id, upto: faker.datatype.boolean(0.6) ? messages.length - 1 : first });
    }

    const allRooms = await rooms();
    const busyRooms = [
      ...allRooms.filter((r) => picked.some((k) => k.program_id === r.id)),
      ...allRooms.filter((r) => !picked.some((k) => k.program_id === r.id)),
    ].slice(0, ROOM_THREADS);
    for (const r of busyRooms) {
      const team = staffFor(r.location_id, r.id);
      if (!team.length) continue;
      const n = faker.number.int({ min: 3, max: 8 });
      const start = now.getTime() - faker.number.int({ min: 3, max: 14 }) * day;
      for (let i = 0; i < n; i++) {
        const at = new Date(start + ((now.getTime() - 7_200_000 - start) * (i + 1)) / (n + 1));
        messages.push({
          message: faker.helpers.arrayElement(words.room),
          type: 'text',
          category: 'program',
          program_id: r.id,
          location_id: r.location_id,
          user_id: faker.helpers.arrayElement(team),
          created_at: at,
          updated_at: at,
        });
      }
    }

    const ids = await allocateIds(trx, 'chat_messages', messages.length);
    messages.forEach((m, i) => (m.id = ids[i]));
    await insertMany(trx, 'chat_messages', messages);
    const readRows = new Map<string, Record<string, unknown>>();
    for (const r of reads) {
      const key = `${r.user_id}:${r.student_id ?? ''}:${r.program_id ?? ''}`;
      const last = ids[r.upto];
      if (r.upto < 0 || !last) continue;
      const prev = readRows.get(key);
      if (!prev || Number(prev.last_read_id) < Number(last))
        readRows.set(key, { user_id: r.user_id, student_id: r.student_id ?? null, program_id: r.program_id ?? null, last_read_id: last, read_at: now });
    }
    await insertMany(trx, 'chat_reads', [...readRows.values()]);
    const childThreads = new Set(messages.filter((m) => m.category === 'student').map((m) => m.student_id)).size;
    return `${childThreads} child threads, ${busyRooms.length} room threads, ${messages.length} messages`;
  },
};
