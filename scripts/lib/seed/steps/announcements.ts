import { addDays, localParts } from '@kv/shared';
import { allocateIds, insertMany, type SeedStep } from '../context.ts';

/**
 * Announcements (issue 18): 30 per centre, newest first — 4 live (one of them an action item due
 * tomorrow, pinned on every parent's /home at its locations), 2 expired, the rest switched off
 * after they ran. Child-care and pet-care wording.
 */
const WORDS = {
  childcare: {
    live: [
      { message: 'Picture day is Friday: our photographer visits every room from 9:00 to 11:30.', color: '#7367F0', roles: ['user', 'teacher', 'manager'] },
      { message: 'Please label every bottle, cup and jacket with your child’s name. Thank you!', color: '#28C76F', roles: ['user'] },
      { message: 'The centre is closed on Thursday and Friday for Thanksgiving.', color: '#EA5455', roles: ['user', 'teacher', 'manager'] },
    ],
    action: 'Sign and return the field-trip permission slip for the pumpkin farm visit.',
    expired: ['Flu shot clinic in the lobby this Tuesday, 8:00–10:00.', 'Book fair in the big playroom all week.'],
    past: [
      'Spring parent–teacher conferences: book your slot at the front desk.',
      'Water play day: send a swimsuit and a towel.',
      'Pajama day on Friday!',
      'New allergy policy: no nuts in lunch boxes.',
      'Summer camp registration opens Monday.',
      'Family picnic in the garden at 4:30.',
      'Our new infant room opens next month.',
      'Please bring a spare set of clothes this week.',
      'Parking lot resurfacing: use the side entrance.',
      'Fire drill practice on Wednesday morning.',
      'Staff training day: the centre opens at 10:00.',
      'Art show in the hallway: come and see the paintings.',
      'Sunscreen reminder: apply before drop-off.',
      'Library day: return last week’s books.',
      'Hand-washing week: ask your child about the song!',
      'Holiday concert rehearsal this afternoon.',
      'Lost and found: unclaimed items go to charity on Friday.',
      'Snow day policy: check your email by 6:30.',
      'Dental health visit on Thursday.',
      'Teacher appreciation week starts Monday.',
      'Garden planting day: wear old clothes.',
      'Music class moves to Tuesdays.',
      'New menu: see the food menu for the month.',
      'Curriculum night for the preschool rooms.',
    ],
  },
  petcare: {
    live: [
      { message: 'Photo day is Friday: every pup gets a portrait between 9:00 and 11:30.', color: '#7367F0', roles: ['user', 'teacher', 'manager'] },
      { message: 'Please label every leash, harness and food bag with your pet’s name. Thank you!', color: '#28C76F', roles: ['user'] },
      { message: 'We are closed on Thursday for Thanksgiving; boarding pets are cared for as usual.', color: '#EA5455', roles: ['user', 'teacher', 'manager'] },
    ],
    action: 'Upload your pet’s current rabies and bordetella vaccination record.',
    expired: ['Nail-trim clinic in the lobby this Tuesday, 8:00–10:00.', 'Toy drive for the shelter all week.'],
    past: [
      'Puppy socials return on Saturday mornings.',
      'Splash day: pools out in the yard.',
      'Bandana day on Friday!',
      'New treat policy: no rawhide in the play groups.',
      'Holiday boarding opens for booking Monday.',
      'Yappy hour in the yard at 4:30.',
      'Our new small-dog room opens next month.',
      'Please bring a spare blanket for boarders this week.',
      'Parking lot resurfacing: use the side entrance.',
      'Fire drill practice on Wednesday morning.',
      'Staff training day: we open at 10:00.',
      'Pet portrait show in the hallway.',
      'Heat advisory: shorter outdoor play today.',
      'Agility course reopens after repairs.',
      'Flea and tick season: ask us about prevention.',
      'Holiday costume parade this afternoon.',
      'Lost and found: unclaimed leashes go to the shelter Friday.',
      'Snow day policy: check your email by 6:30.',
      'Vet visit on Thursday for the wellness checks.',
      'Groomer appreciation week starts Monday.',
      'Sniff garden planting day.',
      'Training class moves to Tuesdays.',
      'New food brand for daycare lunches this month.',
      'Open house for new families on Saturday.',
    ],
  },
} as const;

export const announcementsStep: SeedStep = {
  name: 'announcements',
  async run({ trx, def, now, faker, locations, ownerId }) {
    const words = def.kind === 'petcare' ? WORDS.petcare : WORDS.childcare;
    const owner = await ownerId();
    const locs = await locations();
    if (!locs.length) return 'no locations';
    const zone = locs[0]!.timezone;
    const today = localParts(now, zone).date;
    const ids = await allocateIds(trx, 'announcements', 30);
    const rows: Record<string, unknown>[] = [];
    const pivots: Record<string, unknown>[] = [];
    const at = (daysAgo: number) => new Date(now.getTime() - daysAgo * 86_400_000 - faker.number.int({ min: 0, max: 6 * 3600 }) * 1000);
    const all = locs.map((l) => l.id);
    const add = (
      i: number,
      r: { message: string; status: boolean; daysAgo: number; expiry?: string | null; color?: string; roles: readonly string[]; action?: string; notify?: boolean },
    ) => {
      rows.push({
        id: ids[i],
        message: r.message,
        status: r.status,
        expiry_date: r.expiry ?? null,
        is_public: false,
        color_code: r.color ?? faker.helpers.arrayElement(['#7367F0', '#28C76F', '#FF9F43', '#00CFE8', '#EA5455']),
        is_notification: Boolean(r.notify),
        action_needed: Boolean(r.action),
        due_date: r.action ?? null,
        created_by: owner,
        updated_by: owner,
        created_at: at(r.daysAgo).toISOString(),
        updated_at: at(r.daysAgo).toISOString(),
      });
      for (const l of all) for (const role of r.roles) pivots.push({ announcement_id: ids[i], location_id: l, role });
    };
    let i = 0;
    // Live: three announcements and the action item due tomorrow.
    words.live.forEach((l, k) => add(i++, { ...l, status: true, daysAgo: k + 1, expiry: addDays(today, 7 + k * 7), notify: k === 2 }));
    const due = addDays(today, 1);
    add(i++, { message: words.action, status: true, daysAgo: 0, expiry: due, color: '#FF9F43', roles: ['user'], action: due, notify: true });
    const actionId = ids[i - 1]!;
    // Expired: still switched on, past their last day.
    words.expired.forEach((m, k) => add(i++, { message: m, status: true, daysAgo: 10 + k * 4, expiry: addDays(today, -(2 + k * 3)), roles: ['user', 'teacher'] }));
    // Switched off after they ran.
    words.past.forEach((m, k) =>
      add(i++, { message: m, status: false, daysAgo: 20 + k * 6, expiry: k % 3 === 0 ? null : addDays(today, -(14 + k * 6)), roles: k % 4 === 0 ? ['teacher', 'manager'] : ['user'] }),
    );
    await insertMany(trx, 'announcements', rows);
    await insertMany(trx, 'announcement_locations', pivots);

    // The action item, pinned for every active guardian at the centre's locations.
    const guardians: { user_id: string; location_id: string }[] = (
      await trx.raw(
        `select distinct on (su.user_id) su.user_id::text, s.location_id::text
           from student_users su join students s on s.id = su.student_id join users u on u.id = su.user_id
          where s.deleted_at is null and s.status and not su.black_list and u.deleted_at is null and u.status
          order by su.user_id, s.location_id`,
      )
    ).rows;
    await insertMany(
      trx,
      'action_items',
      guardians.map((g) => ({
        source_kind: 'announcement',
        source_id: actionId,
        user_id: g.user_id,
        location_id: g.location_id,
        title: words.action,
        due_date: due,
        raised_by: owner,
        created_at: now.toISOString(),
      })),
    );
    // A few families already did it, so the staff view shows both lists; the README's families have not.
    const named = new Set(def.families.flatMap((f) => f.contacts.map((c) => c.username)));
    const namedIds = new Set(
      (await trx('users').whereIn('username', [...named]).pluck('id')).map(String),
    );
    const done = guardians.filter((g, k) => k % 3 === 1 && !namedIds.has(g.user_id)).map((g) => g.user_id);
    if (done.length)
      await trx('action_items').where({ source_kind: 'announcement', source_id: actionId }).whereIn('user_id', done).update({ acknowledged_at: now.toISOString() });
    return `${rows.length} announcements (4 live, 2 expired), 1 action item for ${guardians.length} parents (${done.length} acknowledged)`;
  },
};
