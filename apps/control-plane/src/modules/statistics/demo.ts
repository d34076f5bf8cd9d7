import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { newVerifyToken, VERIFY_WINDOW_MS } from '../domains/verification.ts';
import { collectCenterStatistics } from './collect.ts';

/**
 * The operator console's demo state for one demo centre (once per centre): a pending and a failed
 * custom domain, and three ended support sessions of its owner.
 */
export async function seedConsoleDemoCentre(db: Knex, centre: { id: string; slug: string }, ownerUserId: string): Promise<string[]> {
  const done: string[] = [];
  if (!(await db('server_domains').where({ center_id: centre.id, kind: 'custom' }).first('id'))) {
    const now = Date.now();
    await db('server_domains').insert([
      {
        center_id: centre.id,
        domain: `www.${centre.slug}-care.example.com`,
        kind: 'custom',
        status: 'pending',
        status_reason: `No TXT record _kv-verify.www.${centre.slug}-care.example.com yet.`,
        verify_token: newVerifyToken(),
        verify_until: new Date(now + VERIFY_WINDOW_MS - 6 * 3600_000),
        checked_at: new Date(now - 5 * 60_000),
      },
      {
        center_id: centre.id,
        domain: `portal.${centre.slug}.example.org`,
        kind: 'custom',
        status: 'failed',
        status_reason: `The CNAME of portal.${centre.slug}.example.org points to old-host.example.net, not ${centre.slug}.<platform>. Not verified within 72 hours.`,
        verify_token: newVerifyToken(),
        verify_until: new Date(now - 86_400_000),
        checked_at: new Date(now - 86_400_000),
      },
    ]);
    done.push('domains');
  }
  if (!(await db('support_sessions').where({ center_id: centre.id }).first('id'))) {
    const operators = await db('operators').orderBy('id').select('id', 'role');
    const admin = operators.find((o) => o.role === 'admin') ?? operators[0];
    const support = operators.find((o) => o.role === 'kvsupport') ?? admin;
    if (admin) {
      const day = 86_400_000;
      const sessions = [
        { op: support, ago: 9 * day, ticket: 'HELP-1042', reason: 'Parent cannot see the Toddler room camera.', mode: 'read', minutes: 30 },
        { op: support, ago: 4 * day, ticket: 'HELP-1077', reason: 'Checking why an invoice total looks wrong.', mode: 'read', minutes: 15 },
        { op: admin, ago: 2 * day, ticket: 'HELP-1090', reason: 'Owner asked us to fix a duplicated room.', mode: 'write', minutes: 20 },
      ];
      await db('support_sessions').insert(
        sessions.map((s) => ({
          id: randomUUID(),
          operator_id: s.op.id,
          center_id: centre.id,
          target_user_id: ownerUserId,
          reason: s.reason,
          ticket_id: s.ticket,
          mode: s.mode,
          write_reason: s.mode === 'write' ? 'Merging the duplicated room the owner reported.' : null,
          minutes: s.minutes,
          created_at: new Date(Date.now() - s.ago),
          expires_at: new Date(Date.now() - s.ago + s.minutes * 60_000),
          ended_at: new Date(Date.now() - s.ago + Math.min(s.minutes, 12) * 60_000),
        })),
      );
      done.push('support sessions');
    }
  }
  return done;
}

/** Statistics at first start: the fan-out runs once after seeding (later, every night). */
export async function seedStatistics(rt: ControlPlaneRuntime): Promise<number> {
  if (await rt.controlDb('center_statistics').first('center_id')) return 0;
  return (await collectCenterStatistics(rt)).centres;
}
