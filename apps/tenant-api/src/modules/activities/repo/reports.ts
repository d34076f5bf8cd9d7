import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface Receiver {
  id: string;
  fname: string;
  email: string | null;
  locale: string;
}

/** Who may receive a child's report: its guardians (not black-listed) and staff of its location. */
export async function allowedReceivers(db: Db, studentId: string, locationId: string, ids: readonly string[]): Promise<Receiver[]> {
  return db('users as u')
    .whereIn('u.id', ids as string[])
    .whereNull('u.deleted_at')
    .where((w) =>
      w
        .whereExists((e) =>
          e
            .select(db.raw('1'))
            .from('student_users as su')
            .whereRaw('su.user_id = u.id')
            .where({ 'su.student_id': studentId, 'su.black_list': false }),
        )
        .orWhereExists((e) =>
          e.select(db.raw('1')).from('user_locations as ul').whereRaw('ul.user_id = u.id').where('ul.location_id', locationId),
        )
        .orWhereExists((e) =>
          e.select(db.raw('1')).from('location_managers as lm').whereRaw('lm.user_id = u.id').where('lm.location_id', locationId),
        ),
    )
    .select('u.id', 'u.fname', 'u.email', 'u.locale');
}

export interface ReportLocation {
  id: string;
  name: string;
  timezone: string;
  time: string;
}

/** Locations that mail parents their children's day, with the time (HH:MM). */
export async function reportLocations(db: Db): Promise<ReportLocation[]> {
  const rows = await db('locations as l')
    .join('location_settings as s', 's.location_id', 'l.id')
    .whereNull('l.deleted_at')
    .where('s.send_parent_activity_report', true)
    .whereNotNull('s.send_parent_activity_report_time')
    .select('l.id', 'l.name', 'l.timezone', db.raw(`s.send_parent_activity_report_time as time`));
  return rows.map((r: ReportLocation) => ({ ...r, id: String(r.id) }));
}

export interface GuardianChildren extends Receiver {
  children: string[];
}

/**
 * The guardians (active, with an email, not black-listed) of a location's children who have an
 * entry guardians see that day, each with those children: one statement.
 */
export async function guardiansWithEntries(db: Db, locationId: string, date: string): Promise<GuardianChildren[]> {
  const rows = await db('student_users as su')
    .join('students as s', 's.id', 'su.student_id')
    .join('users as u', 'u.id', 'su.user_id')
    .where({ 's.location_id': locationId, 'su.black_list': false, 'u.status': true })
    .whereNull('s.deleted_at')
    .whereNull('u.deleted_at')
    .whereNotNull('u.email')
    .whereExists((e) =>
      e
        .select(db.raw('1'))
        .from('activity_students as x')
        .join('activities as a', 'a.id', 'x.activity_id')
        .whereRaw('x.student_id = s.id')
        .where({ 'x.date': date, 'a.status': 'approved', 'a.staff_only': false }),
    )
    .groupBy('u.id', 'u.fname', 'u.email', 'u.locale')
    .orderBy('u.id')
    .select('u.id', 'u.fname', 'u.email', 'u.locale', db.raw('array_agg(distinct s.id order by s.id) as children'));
  return rows.map((r: GuardianChildren) => ({ ...r, id: String(r.id), children: r.children.map(String) }));
}

/** Claims the day's scheduled mail of each guardian; answers the ones not sent before. */
export async function claimScheduledSends(
  trx: Knex.Transaction,
  locationId: string,
  date: string,
  guardians: readonly GuardianChildren[],
): Promise<Set<string>> {
  if (!guardians.length) return new Set();
  const rows: { user_id: string }[] = await trx('activity_report_sends')
    .insert(
      guardians.map((g) => ({ location_id: locationId, user_id: g.id, recipient: g.email, date, kind: 'scheduled', students: g.children })),
    )
    .onConflict(trx.raw("(location_id, user_id, date) where kind = 'scheduled'"))
    .ignore()
    .returning('user_id');
  return new Set(rows.map((r) => String(r.user_id)));
}

export async function recordManualSends(trx: Knex.Transaction, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length) await trx('activity_report_sends').insert(rows);
}

export async function setMessage(trx: Knex.Transaction, locationId: string, userId: string, date: string, messageId: string) {
  await trx('activity_report_sends')
    .where({ location_id: locationId, user_id: userId, date, kind: 'scheduled' })
    .update({ message_id: messageId });
}
