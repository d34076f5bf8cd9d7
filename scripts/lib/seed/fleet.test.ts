// @services PostgreSQL server: the whole platform (server mode) provisioning the demo fleet
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kv/db';
import { testAdminUrl } from '@kv/db/testing';
import { hashPassword } from '@kv/auth';
import type { Platform } from '../platform.ts';
import { FLEET_STATES, fleetCentres, type FleetState } from './fleet.ts';

/**
 * The demo fleet at the scale of one centre per billing state: every state there after the seed
 * (read from the control database and the directory's answer), a few staff and children in each,
 * and a second run that makes nothing and changes nothing.
 */
let platform: Platform;
let port: number;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kv-fleet-test-'));
const COUNT = FLEET_STATES.length;
let first: { made: number; existing: number };

function graphqlStatus(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, path: '/graphql', method: 'POST', headers: { host, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify({ query: '{ __typename }' }));
  });
}

beforeAll(async () => {
  process.env.DATABASE_URL = testAdminUrl();
  process.env.KV_DATA_DIR = dataDir;
  process.env.KV_NO_REDIS = '1';
  const { startPlatform } = await import('../platform.ts');
  const { seedFleet } = await import('./fleet.ts');
  port = await freePort();
  platform = await startPlatform({ port, platformDomain: 'localhost', log: () => undefined, databasePrefix: `kvf${process.pid}_` });
  first = await seedFleet(platform, { passwordHash: await hashPassword('demo-password'), count: COUNT });
}, 240_000);

afterAll(async () => {
  await platform?.stop({ dropDatabases: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** The control database's view of the fleet centre in `state`. */
async function stateOf(state: FleetState) {
  const db = platform.controlDb;
  const slug = fleetCentres(COUNT).find((c) => c.state === state)!.slug;
  const c = await db('centers as c')
    .leftJoin('center_plans as p', 'p.id', 'c.center_billing_plan_id')
    .where('c.slug', slug)
    .first(
      'c.id',
      'c.slug',
      'c.status',
      'c.billing_suspended_at',
      'p.name as plan',
      'p.is_public',
      db.raw('(c.on_trial and c.trial_start_date + c.trial_days > current_date) as in_trial'),
      db.raw('(c.on_trial and c.trial_start_date + c.trial_days <= current_date) as trial_over'),
    );
  const invoices = await db('center_invoices').where({ center_id: c.id }).select('status', db.raw('due_date < current_date as overdue'));
  const payments = await db('center_payments').where({ center_id: c.id }).select('method', 'status');
  const cards = await db('center_cards').where({ center_id: c.id }).count({ n: '*' }).first();
  return { ...c, invoices, payments, cards: Number(cards?.n ?? 0) };
}

describe('the demo fleet', () => {
  it('makes one centre per billing state through provisioning', async () => {
    expect(first).toEqual({ made: COUNT, existing: 0, states: Object.fromEntries(FLEET_STATES.map((s) => [s, 1])) });
    const rows = await platform.controlDb('centers').where('slug', 'like', 'fleet-%').select('status', 'provisioning_step');
    expect(rows).toHaveLength(COUNT);
  });

  it('has every billing state', async () => {
    expect(await stateOf('trialing')).toMatchObject({ status: 'active', in_trial: true, plan: 'Starter', invoices: [], cards: 0 });
    expect(await stateOf('trialing_card')).toMatchObject({ status: 'active', in_trial: true, invoices: [], cards: 1 });
    const over = await stateOf('trial_over_no_card');
    expect(over).toMatchObject({ trial_over: true, cards: 0, invoices: [{ status: 'open' }] });
    expect(await graphqlStatus(`${over.slug}.localhost`)).toBe(402);
    expect(await stateOf('paid')).toMatchObject({ status: 'active', invoices: [{ status: 'paid' }], payments: [{ method: 'card', status: 'succeeded' }] });
    expect(await stateOf('private_plan')).toMatchObject({ is_public: false, invoices: [{ status: 'paid' }] });
    expect(await stateOf('past_due_failed')).toMatchObject({
      status: 'active',
      invoices: [{ status: 'open', overdue: true }],
      payments: [{ method: 'card', status: 'failed' }],
    });
    const billing = await stateOf('suspended_billing');
    expect(billing).toMatchObject({ status: 'suspended', payments: [{ status: 'failed' }] });
    expect(billing.billing_suspended_at).not.toBeNull();
    expect(await stateOf('suspended_operator')).toMatchObject({ status: 'suspended', billing_suspended_at: null, invoices: [{ status: 'paid' }] });
    expect(await stateOf('transfer_pending')).toMatchObject({ invoices: [{ status: 'open' }], payments: [{ method: 'transfer', status: 'pending' }] });
    expect(await stateOf('cheque_pending')).toMatchObject({ payments: [{ method: 'cheque', status: 'pending' }] });
    expect(await stateOf('deleted_in_grace')).toMatchObject({ status: 'deleted' });
    expect(await stateOf('no_plan')).toMatchObject({ status: 'active', plan: null, invoices: [] });
  });

  it('gives each centre a few staff and children', async () => {
    const { id } = await stateOf('paid');
    const db = await platform.centreDb(String(id));
    const staff = await db('users as u').join('user_roles as ur', 'ur.user_id', 'u.id').join('roles as r', 'r.id', 'ur.role_id').whereIn('r.name', ['center', 'manager', 'teacher']).count({ n: '*' }).first();
    const children = await db('students').count({ n: '*' }).first();
    expect(Number(staff?.n)).toBeGreaterThanOrEqual(3);
    expect(Number(children?.n)).toBeGreaterThanOrEqual(3);
  });

  it('a second run makes nothing and changes nothing', async () => {
    const count = async () => {
      const db = platform.controlDb;
      const [c, i, p] = await Promise.all(['centers', 'center_invoices', 'center_payments'].map((t) => db(t).count({ n: '*' }).first()));
      return [c, i, p].map((r) => Number(r?.n));
    };
    const before = await count();
    const { seedFleet } = await import('./fleet.ts');
    const again = await seedFleet(platform, { passwordHash: 'unused', count: COUNT });
    expect(again).toMatchObject({ made: 0, existing: COUNT });
    expect(await count()).toEqual(before);
  });
});
