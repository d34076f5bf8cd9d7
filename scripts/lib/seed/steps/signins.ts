import { insertMany, type SeedStep } from '../context.ts';

const DEVICES = ['web', 'web', 'ios', 'android'];

/**
 * Sign-in history of the last `historyDays` days, as the login mutation records it: staff sign in
 * on most working days, parents now and then, and a mistyped password shows up as a failed attempt
 * before the next success. Each person's last sign-in time follows from it. Invited and pending
 * people have never signed in.
 */
export const signinsStep: SeedStep = {
  name: 'signins',
  async run({ trx, size, faker, now }) {
    if (size.historyDays <= 0) return 'no history asked for';
    const people = await trx('users as u')
      .whereNull('u.deleted_at')
      .where({ 'u.status': true, 'u.invited': false, 'u.pending': false })
      .whereNotNull('u.password_hash')
      .orderBy('u.id')
      .select(
        'u.id',
        'u.username',
        trx.raw(`exists (select 1 from user_roles ur join roles r on r.id = ur.role_id
                  where ur.user_id = u.id and r.name in ('teacher', 'manager', 'center', 'blog')) as staff`),
      );
    const rows: Record<string, unknown>[] = [];
    const last = new Map<string, Date>();
    const span = size.historyDays * 24 * 3600_000;
    for (const p of people) {
      const n = p.staff ? faker.number.int({ min: size.historyDays / 2, max: size.historyDays }) : faker.number.int({ min: 2, max: 10 });
      const times = Array.from({ length: n }, () => new Date(now.getTime() - faker.number.int({ min: 60_000, max: span }))).sort(
        (a, b) => a.getTime() - b.getTime(),
      );
      const device = faker.helpers.arrayElement(DEVICES);
      const agent = faker.internet.userAgent();
      for (const at of times) {
        const base = { user_id: String(p.id), username: p.username, device, ip: faker.internet.ipv4(), user_agent: agent.slice(0, 300) };
        if (faker.datatype.boolean(0.05))
          rows.push({ ...base, success: false, reason: 'credentials', created_at: new Date(at.getTime() - 40_000) });
        rows.push({ ...base, success: true, reason: null, created_at: at });
      }
      if (times.length) last.set(String(p.id), times[times.length - 1]!);
    }
    await insertMany(trx, 'login_history', rows);
    if (last.size)
      await trx.raw(
        `update users u set last_login_time = v.at from json_to_recordset(?::json) as v(id bigint, at timestamptz) where u.id = v.id`,
        [JSON.stringify([...last].map(([id, at]) => ({ id, at })))],
      );
    return `${rows.length} sign-ins of ${last.size} people (${rows.filter((r) => !r.success).length} failed)`;
  },
};
