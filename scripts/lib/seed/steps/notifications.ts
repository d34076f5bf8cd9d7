import { insertMany, type SeedStep } from '../context.ts';

/** What the demo parent's bell shows: kind, title and body per centre kind ({name}: a child's or pet's first name). */
const NOTICES: Record<'childcare' | 'petcare', { kind: string; title: string; body: string }[]> = {
  childcare: [
    { kind: 'checks', title: 'Checked in: {name}', body: '{name} checked in at {location} at 8:05 AM.' },
    { kind: 'food', title: '{name} had something to eat', body: 'Lunch: pasta and peas, ate all of it.' },
    { kind: 'nap', title: '{name} had a nap', body: 'Slept from 12:30 PM to 2:00 PM.' },
    { kind: 'diaper', title: 'Diaper or potty update for {name}', body: 'Wet diaper changed at 10:15 AM.' },
    { kind: 'media', title: 'New photo of {name}', body: 'Painting with the Toddlers room.' },
    { kind: 'activity', title: 'New activity for {name}', body: 'Story time and a walk in the garden.' },
    { kind: 'mood', title: 'How {name} is feeling', body: 'Happy and playful this morning.' },
    { kind: 'kudos', title: 'Kudos for {name}!', body: 'Shared the blocks with a friend without being asked.' },
    { kind: 'notes', title: 'A note about {name}', body: 'Please bring a spare set of clothes and diapers tomorrow.' },
    { kind: 'checks', title: 'Checked out: {name}', body: '{name} checked out of {location} at 5:10 PM.' },
  ],
  petcare: [
    { kind: 'checks', title: 'Checked in: {name}', body: '{name} checked in at {location} at 7:50 AM.' },
    { kind: 'food', title: '{name} had something to eat', body: 'Breakfast: half a cup of kibble, finished it.' },
    { kind: 'nap', title: '{name} had a nap', body: 'Rested in the quiet room after play group.' },
    { kind: 'diaper', title: 'Potty break for {name}', body: 'Potty break in the yard at 10:15 AM.' },
    { kind: 'media', title: 'New photo of {name}', body: 'Splashing in the paddling pool.' },
    { kind: 'activity', title: 'New activity for {name}', body: 'Fetch and agility in the big yard.' },
    { kind: 'mood', title: 'How {name} is feeling', body: 'Calm and friendly with the group.' },
    { kind: 'kudos', title: 'Kudos for {name}!', body: 'Waited nicely at the gate for the leash.' },
    { kind: 'notes', title: 'A note about {name}', body: 'Please bring more of the special food tomorrow.' },
    { kind: 'checks', title: 'Checked out: {name}', body: '{name} checked out of {location} at 5:30 PM.' },
  ],
};

const TOTAL = 40;
const UNSEEN = 8;

/**
 * The demo parent's notification centre: 40 notices over the last days about their own children
 * (check-ins, meals, naps, photos, notes…), the newest 8 not seen yet, so the navbar bell shows a
 * count and a list on both demo centres.
 */
export const notificationsStep: SeedStep = {
  name: 'notifications',
  async run({ trx, def, now }) {
    const parent = await trx('users')
      .where({ username: def.families[0]?.contacts[0]?.username ?? 'parent' })
      .first('id');
    if (!parent) return 'no demo parent';
    const kids = await trx('student_users as su')
      .join('students as s', 's.id', 'su.student_id')
      .join('locations as l', 'l.id', 's.location_id')
      .where('su.user_id', parent.id)
      .whereNull('s.deleted_at')
      .orderBy('s.id')
      .select('s.id', 's.fname', 's.location_id', 'l.name as location');
    if (!kids.length) return 'the demo parent has no children';
    const notices = NOTICES[def.kind];
    const rows = Array.from({ length: TOTAL }, (_, i) => {
      // Newest first: i = 0 is 20 minutes ago, then every 3 hours back.
      const at = new Date(now.getTime() - (20 + i * 180) * 60_000);
      const kid = kids[i % kids.length]!;
      const n = notices[i % notices.length]!;
      const fill = (s: string) => s.replaceAll('{name}', kid.fname).replaceAll('{location}', kid.location);
      return {
        user_id: parent.id,
        event_key: `seed:${i}`,
        kind: n.kind,
        title: fill(n.title),
        body: fill(n.body),
        link: '/user/students',
        student_id: kid.id,
        location_id: kid.location_id,
        held: false,
        seen_at: i < UNSEEN ? null : new Date(at.getTime() + 30 * 60_000),
        created_at: at,
      };
    });
    await insertMany(trx, 'notifications', rows);
    return `${TOTAL} notifications for the demo parent (${UNSEEN} unseen)`;
  },
};
