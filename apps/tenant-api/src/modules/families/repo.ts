import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

/** Of some locations, those whose settings show the parent directory. */
export async function directoryLocations(db: Db, locationIds: readonly string[]): Promise<string[]> {
  if (!locationIds.length) return [];
  const rows = await db('location_settings')
    .whereIn('location_id', locationIds as string[])
    .where('parent_directory_visibility', true)
    .select('location_id');
  return rows.map((r) => String(r.location_id));
}

function directoryQuery(db: Db, locationIds: readonly string[], search: string | null | undefined) {
  const q = db('users as u')
    .join('user_settings as us', 'us.user_id', 'u.id')
    .where('us.directory_visible', true)
    .where('u.status', true)
    .whereNull('u.deleted_at')
    .whereExists((e) =>
      e
        .select(db.raw('1'))
        .from('student_users as su')
        .join('students as s', 's.id', 'su.student_id')
        .whereRaw('su.user_id = u.id')
        .where('su.black_list', false)
        .whereNull('s.deleted_at')
        .whereIn('s.location_id', locationIds as string[]),
    );
  if (search) q.whereRaw("lower(u.fname || ' ' || u.lname) like ?", [`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  return q;
}

/** Families listed in the directory of some locations (they opted in), by name. */
export async function pageDirectory(
  db: Db,
  locationIds: readonly string[],
  search: string | null | undefined,
  page: number,
  first: number,
) {
  const [count] = await directoryQuery(db, locationIds, search).count({ n: '*' });
  const rows = await directoryQuery(db, locationIds, search)
    .orderByRaw('lower(u.lname), lower(u.fname), u.id')
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'u.id',
      'u.fname',
      'u.lname',
      'u.email',
      'u.phone',
      'us.directory_show_email',
      'us.directory_show_phone',
      'us.directory_show_children',
    );
  return { rows, total: Number(count?.n ?? 0) };
}

/** First names of the families' children at those locations. */
export async function childNames(db: Db, userIds: readonly string[], locationIds: readonly string[]): Promise<Map<string, string[]>> {
  if (!userIds.length) return new Map();
  const rows = await db('student_users as su')
    .join('students as s', 's.id', 'su.student_id')
    .whereIn('su.user_id', userIds as string[])
    .whereIn('s.location_id', locationIds as string[])
    .where('su.black_list', false)
    .whereNull('s.deleted_at')
    .orderBy('s.fname')
    .select('su.user_id', 's.fname');
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(String(r.user_id), [...(map.get(String(r.user_id)) ?? []), r.fname]);
  return map;
}

/** A free username from a wish (the email's name part), adding digits when taken. */
export async function freeUsername(db: Db, wish: string): Promise<string> {
  const base = wish.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 40) || 'contact';
  const taken = new Set(
    (
      await db('users')
        .whereRaw('lower(username) like ?', [`${base.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`])
        .select('username')
    ).map((r) => String(r.username).toLowerCase()),
  );
  if (!taken.has(base.toLowerCase()) && base.length >= 3) return base;
  for (let i = 1; ; i++) {
    const name = `${base}${i}`;
    if (!taken.has(name.toLowerCase()) && name.length >= 3) return name;
  }
}
