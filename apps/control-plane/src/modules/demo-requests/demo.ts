import type { Knex } from 'knex';

const FIRST = ['Maria', 'James', 'Aisha', 'Chen', 'Olivia', 'Mateo', 'Priya', 'Noah', 'Fatima', 'Liam'];
const LAST = ['Lopez', 'Walker', 'Khan', 'Wei', 'Brown', 'Garcia', 'Patel', 'Miller', 'Haddad', 'Nguyen'];
const CENTRES = [
  'Little Acorns Preschool', 'Sunrise Kids Academy', 'Happy Paws Daycare', 'Bright Futures Learning Center', 'Tiny Steps Nursery',
  'Maple Grove Montessori', 'Rainbow Bridge Childcare', 'Waggy Tails Dog Hotel', 'Busy Bees Early Learning', 'Harbor View Kids Club',
];
const MESSAGES = [
  'We have 14 cameras and want parents to watch live.',
  'Looking to replace our paper sign-in sheets.',
  'Interested in billing and autopay for 120 families.',
  'Two locations opening next spring; need ratio tracking.',
  null,
  'Could you show the pet-care vocabulary?',
];
const STATUS_CYCLE = ['new', 'new', 'contacted', 'new', 'converted', 'contacted', 'closed', 'new'] as const;

/** 30 demo requests over the last six weeks, in every status (the demo seed; once: nothing when any exists). */
export async function seedDemoRequests(db: Knex): Promise<number> {
  if (await db('demo_requests').first('id')) return 0;
  const rows = Array.from({ length: 30 }, (_, i) => {
    const first = FIRST[i % FIRST.length]!;
    const last = LAST[(i * 3) % LAST.length]!;
    const centre = CENTRES[i % CENTRES.length]!;
    const status = STATUS_CYCLE[i % STATUS_CYCLE.length]!;
    const created = new Date(Date.now() - (i * 33 + 5) * 3600_000);
    return {
      name: `${first} ${last}`,
      email: `${first}.${last}${i}@example.com`.toLowerCase(),
      phone: i % 3 === 0 ? null : `+1555${String(2000100 + i * 37).slice(0, 7)}`,
      center_name: i >= CENTRES.length ? `${centre} ${Math.floor(i / CENTRES.length) + 1}` : centre,
      kind: centre.includes('Paws') || centre.includes('Dog') ? 'petcare' : 'childcare',
      locations: (i % 4) + 1,
      message: MESSAGES[i % MESSAGES.length],
      status,
      notes: status === 'new' ? null : status === 'closed' ? 'Chose another provider.' : 'Demo held; follow up next week.',
      ip: `198.51.100.${i + 10}`,
      signup_link_sent_at: status === 'contacted' || status === 'converted' ? new Date(created.getTime() + 86_400_000) : null,
      changed_by: status === 'new' ? null : 'Platform Admin (admin)',
      created_at: created,
      updated_at: created,
    };
  });
  await db('demo_requests').insert(rows);
  return rows.length;
}
