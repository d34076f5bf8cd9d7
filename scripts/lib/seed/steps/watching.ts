import { localParts } from '@kv/shared';
import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';

const REASONS = ['CLOSED', 'CLOSED', 'CLOSED', 'PLAYER_CLOSED', 'IDLE'] as const;

/**
 * Parents watching their child's room: on about a third of the days a child was in (today too), one of the
 * contacts who may watch opens the room's camera once or twice while the child is there, for one
 * to fifteen minutes. Sessions, the day's counted logins and the audit rows are written as
 * playCamera and its stop write them. No session is left open (live screens show who watches now).
 */
export const watchingStep: SeedStep = {
  name: 'watching',
  async run({ trx, size, faker, now, locations }) {
    if (size.historyDays <= 0) return 'no history asked for';
    const zones = new Map((await locations()).map((l) => [l.id, l.timezone]));
    const cameras = new Map(
      (await trx('cameras').whereNotNull('program_id').whereNull('deleted_at').select('id', 'program_id')).map((c) => [
        String(c.program_id),
        String(c.id),
      ]),
    );
    const watchers = new Map<string, string[]>();
    for (const r of await trx('student_users').where({ watch_camera: true, black_list: false }).select('student_id', 'user_id'))
      watchers.set(String(r.student_id), [...(watchers.get(String(r.student_id)) ?? []), String(r.user_id)]);
    const stays = await trx('attendances')
      .whereNull('deleted_at')
      .orderBy('id')
      .select('student_id', 'location_id', 'program_id', 'start_time', 'end_time');

    const sessions: Record<string, unknown>[] = [];
    const logins = new Map<string, { user_id: string; location_id: string; date: string; logins: number }>();
    for (const stay of stays) {
      const camera = cameras.get(String(stay.program_id));
      const family = watchers.get(String(stay.student_id));
      if (!camera || !family || !faker.datatype.boolean(0.3)) continue;
      const user = faker.helpers.arrayElement(family);
      // A child still in is watched up to now.
      const until = Math.min((stay.end_time as Date | null)?.getTime() ?? now.getTime(), now.getTime());
      const span = until - (stay.start_time as Date).getTime();
      for (let k = faker.number.int({ min: 1, max: 2 }); k > 0; k--) {
        const seconds = faker.number.int({ min: 60, max: 900 });
        const start = new Date((stay.start_time as Date).getTime() + faker.number.int({ min: 0, max: Math.max(0, span - seconds * 1000) }));
        const end = new Date(start.getTime() + seconds * 1000);
        if (end.getTime() > until) continue;
        const location = String(stay.location_id);
        const date = localParts(start, zones.get(location)!).date;
        const key = `${user}|${location}|${date}`;
        const counted = !logins.has(key);
        if (counted) logins.set(key, { user_id: user, location_id: location, date, logins: 1 });
        sessions.push({
          user_id: user,
          student_id: String(stay.student_id),
          camera_id: camera,
          location_id: location,
          date,
          started_at: start,
          opened_at: start,
          last_heartbeat_at: end,
          last_activity_at: end,
          ended_at: end,
          seconds,
          ended_reason: faker.helpers.arrayElement(REASONS),
          counted,
          ip: '127.0.0.1',
          user_agent: faker.internet.userAgent(),
        });
      }
    }
    const ids = await allocateIds(trx, 'camera_watch_sessions', sessions.length);
    await insertMany(
      trx,
      'camera_watch_sessions',
      sessions.map((s, i) => ({ id: ids[i], ...s })),
    );
    await insertMany(trx, 'camera_daily_logins', [...logins.values()]);
    await insertMany(
      trx,
      'audit_log',
      sessions.flatMap((s, i) => {
        const common = {
          entity: 'camera',
          entity_id: String(s.camera_id),
          location_id: String(s.location_id),
          actor_user_id: String(s.user_id),
        };
        return [
          auditRow({
            ...common,
            action: 'camera.session.start',
            data: { session_id: ids[i], student_id: s.student_id, counted: s.counted },
            created_at: s.started_at as Date,
          }),
          auditRow({
            ...common,
            action: 'camera.session.end',
            data: { session_id: ids[i], user_id: s.user_id, student_id: s.student_id, reason: s.ended_reason, seconds: s.seconds },
            created_at: s.ended_at as Date,
          }),
        ];
      }),
    );
    return `${sessions.length} camera viewings, ${logins.size} daily logins`;
  },
};
