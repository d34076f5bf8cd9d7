import type { Knex } from 'knex';
import { dailyLimit, localDate, remainingLogins } from './rules.ts';

type Db = Knex | Knex.Transaction;

const str = (v: unknown) => String(v);
const secondsExpr = 'case when w.ended_at is null then greatest(0, extract(epoch from (now() - w.started_at)))::int else w.seconds end';

/**
 * Camera logins per contact and location over a period (spec "login report"): logins, days with a
 * login, sessions, seconds watched and the last viewing, busiest first. One query for the page,
 * one for the count and total.
 */
export async function pageLoginReport(db: Db, locationIds: string[] | null, from: string, to: string, page: number, first: number) {
  if (locationIds && !locationIds.length) return { rows: [], total: 0, logins: 0, seconds: 0 };
  const locFilter = locationIds ? `and location_id in (${locationIds.map(() => '?').join(', ')})` : '';
  const locBind = locationIds ?? [];
  const cte = `
    with l as (
      select user_id, location_id, sum(logins)::int as logins, count(*) filter (where logins > 0)::int as days
      from camera_daily_logins where date between ? and ? ${locFilter} group by user_id, location_id
    ), w as (
      select w.user_id, w.location_id, count(*)::int as sessions, sum(${secondsExpr})::int as seconds, max(w.started_at) as last_watched_at
      from camera_watch_sessions w where w.date between ? and ? ${locFilter.replace('location_id', 'w.location_id')} group by w.user_id, w.location_id
    ), r as (
      select coalesce(l.user_id, w.user_id) as user_id, coalesce(l.location_id, w.location_id) as location_id,
        coalesce(l.logins, 0) as logins, coalesce(l.days, 0) as days, coalesce(w.sessions, 0) as sessions,
        coalesce(w.seconds, 0) as seconds, w.last_watched_at
      from l full outer join w on w.user_id = l.user_id and w.location_id = l.location_id
    )`;
  const binds = [from, to, ...locBind, from, to, ...locBind];
  const [totals] = (
    await db.raw(
      `${cte} select count(*)::int as n, coalesce(sum(logins), 0)::int as logins, coalesce(sum(seconds), 0)::int as seconds from r`,
      binds,
    )
  ).rows as { n: number; logins: number; seconds: number }[];
  const rows = (
    await db.raw(
      `${cte} select r.*, trim(coalesce(u.fname, '') || ' ' || coalesce(u.lname, '')) as user_name
       from r join users u on u.id = r.user_id
       order by r.logins desc, r.seconds desc, r.user_id, r.location_id limit ? offset ?`,
      [...binds, first, (page - 1) * first],
    )
  ).rows as Record<string, unknown>[];
  return { rows, total: totals?.n ?? 0, logins: totals?.logins ?? 0, seconds: totals?.seconds ?? 0 };
}

export interface TodayLogins {
  date: string;
  enabled: boolean;
  limit: number | null;
  used: number;
  extra_today: number;
  remaining: number | null;
  own_limit: number | null;
}

/** Today's logins and limit of many (contact, location) pairs in three queries (no N+1). */
export async function todayLogins(
  db: Db,
  pairs: readonly { user_id: string; location_id: string }[],
  at: Date,
): Promise<Map<string, TodayLogins>> {
  const out = new Map<string, TodayLogins>();
  if (!pairs.length) return out;
  const userIds = [...new Set(pairs.map((p) => p.user_id))];
  const locIds = [...new Set(pairs.map((p) => p.location_id))];
  const [locs, settings] = await Promise.all([
    db('locations as l')
      .leftJoin('location_settings as ls', 'ls.location_id', 'l.id')
      .whereIn('l.id', locIds)
      .select('l.id', 'l.timezone', 'ls.enable_max_login_feature', 'ls.max_daily_logins'),
    db('user_settings')
      .whereIn('user_id', userIds)
      .select(
        'user_id',
        'max_daily_camera_logins',
        'extra_camera_logins',
        db.raw("to_char(extra_camera_logins_on, 'YYYY-MM-DD') as extra_on"),
      ),
  ]);
  const locById = new Map(locs.map((l) => [str(l.id), l]));
  const dates = new Map(locIds.map((id) => [id, localDate(at, String(locById.get(id)?.timezone ?? 'UTC'))]));
  const used = await db('camera_daily_logins')
    .whereIn('user_id', userIds)
    .whereIn('location_id', locIds)
    .whereIn('date', [...new Set(dates.values())])
    .select('user_id', 'location_id', db.raw("to_char(date, 'YYYY-MM-DD') as date"), 'logins');
  const usedBy = new Map(
    used.filter((u) => dates.get(str(u.location_id)) === u.date).map((u) => [`${u.user_id}:${u.location_id}`, Number(u.logins)]),
  );
  const settingBy = new Map(settings.map((s) => [str(s.user_id), s]));
  for (const p of pairs) {
    const l = locById.get(p.location_id);
    const date = dates.get(p.location_id)!;
    const s = settingBy.get(p.user_id);
    const location = {
      timezone: String(l?.timezone ?? 'UTC'),
      enable_max_login_feature: Boolean(l?.enable_max_login_feature),
      max_daily_logins: (l?.max_daily_logins as number | null | undefined) ?? null,
      only_checked_in: true,
      user_time_out: null,
    };
    const extraOn = s?.extra_on as string | undefined;
    const limit = {
      own: (s?.max_daily_camera_logins as number | null | undefined) ?? null,
      extra: extraOn && (extraOn === date || extraOn === at.toISOString().slice(0, 10)) ? Number(s?.extra_camera_logins ?? 0) : 0,
      used: usedBy.get(`${p.user_id}:${p.location_id}`) ?? 0,
    };
    out.set(`${p.user_id}:${p.location_id}`, {
      date,
      enabled: location.enable_max_login_feature,
      limit: dailyLimit(location, limit),
      used: limit.used,
      extra_today: limit.extra,
      remaining: remainingLogins(location, limit),
      own_limit: limit.own,
    });
  }
  return out;
}

/** Watch time per contact and day (spec "watch-time report"): sessions, cameras, seconds, first and last viewing. */
export async function pageWatchTimeReport(
  db: Db,
  locationIds: string[] | null,
  from: string,
  to: string,
  userId: string | null,
  page: number,
  first: number,
) {
  const base = () => {
    const q = db('camera_watch_sessions as w').whereBetween('w.date', [from, to]);
    if (locationIds) q.whereIn('w.location_id', locationIds);
    if (userId) q.where('w.user_id', userId);
    return q;
  };
  const grouped = () => base().groupBy('w.user_id', 'w.location_id', 'w.date');
  const [totals] = await db
    .from(
      grouped()
        .select(db.raw(`sum(${secondsExpr})::int as seconds`))
        .as('g'),
    )
    .select(db.raw('count(*)::int as n'), db.raw('coalesce(sum(g.seconds), 0)::int as seconds'));
  const rows = await db
    .from(
      grouped()
        .select(
          'w.user_id',
          'w.location_id',
          'w.date',
          db.raw('count(*)::int as sessions'),
          db.raw('count(distinct w.camera_id)::int as cameras'),
          db.raw(`sum(${secondsExpr})::int as seconds`),
          db.raw('min(w.started_at) as first_started_at'),
          db.raw('max(coalesce(w.ended_at, now())) as last_seen_at'),
          db.raw('bool_or(w.ended_at is null) as live'),
        )
        .as('g'),
    )
    .join('users as u', 'u.id', 'g.user_id')
    .orderBy([{ column: 'g.date', order: 'desc' }, { column: 'g.seconds', order: 'desc' }, { column: 'g.user_id' }])
    .limit(first)
    .offset((page - 1) * first)
    .select(
      'g.user_id',
      'g.location_id',
      db.raw("to_char(g.date, 'YYYY-MM-DD') as date"),
      'g.sessions',
      'g.cameras',
      'g.seconds',
      'g.first_started_at',
      'g.last_seen_at',
      'g.live',
      db.raw("trim(coalesce(u.fname, '') || ' ' || coalesce(u.lname, '')) as user_name"),
    );
  return { rows, total: Number(totals?.n ?? 0), seconds: Number(totals?.seconds ?? 0) };
}
