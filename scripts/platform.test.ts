// @services PostgreSQL server: the whole platform booting in server mode (DATABASE_URL)
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@kv/db';
import { testAdminUrl } from '@kv/db/testing';
import type { Platform } from './lib/platform.ts';

/**
 * What `npm start` gives a newcomer, end to end on one port: the control plane on the platform
 * host, both demo centres provisioned into their own databases and seeded, every demo role signing
 * in over GraphQL and getting that role back from `me`.
 */
let platform: Platform;
let port: number;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'kv-platform-test-'));

function request(host: string, urlPath: string, body?: object, token?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: urlPath,
        method: body ? 'POST' : 'GET',
        headers: { host, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      },
      (res) => {
        let data = '';
        res.on('data', (c) => (data += c));
        res.on('end', () => resolve({ status: res.statusCode!, body: data }));
      },
    );
    req.on('error', reject);
    if (body) req.write(JSON.stringify(body));
    req.end();
  });
}

async function gql(host: string, query: string, token?: string) {
  return JSON.parse((await request(host, '/graphql', { query }, token)).body);
}

async function signInAndMe(host: string, username: string, meQuery: string) {
  const login = await gql(
    host,
    `mutation { login(username: "${username}", password: "demo-password") { status tokens { access_token } } }`,
  );
  return gql(host, meQuery, login.data?.login?.tokens?.access_token);
}

beforeAll(async () => {
  // The test server is shared with other files: this platform gets its own database names.
  process.env.DATABASE_URL = testAdminUrl();
  process.env.KV_DATA_DIR = dataDir;
  process.env.KV_NO_REDIS = '1';
  const { startPlatform } = await import('./lib/platform.ts');
  const { seedDemo } = await import('./lib/demo.ts');
  port = await freePort();
  platform = await startPlatform({ port, platformDomain: 'localhost', log: () => undefined, databasePrefix: `kvp${process.pid}_` });
  await seedDemo(platform, 'demo-password', () => undefined);
}, 120_000);

afterAll(async () => {
  await platform?.stop({ dropDatabases: true });
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the platform on one port', () => {
  it.each(['demo.localhost', 'pawsome.localhost'])('%s: every demo role signs in and gets its role from me', async (host) => {
    for (const [username, role] of [
      ['center', 'center'],
      ['manager', 'manager'],
      ['teacher', 'teacher'],
      ['parent', 'user'],
      ['blog', 'blog'],
    ]) {
      const me = await signInAndMe(host, username!, '{ me { username roles { name } } }');
      expect(me.data?.me, `${host} ${username}`).toMatchObject({ username, roles: [{ name: role }] });
    }
  });

  it('the platform host serves the operator console API for admin and kvsupport', async () => {
    for (const username of ['admin', 'kvsupport']) {
      const me = await signInAndMe('localhost', username, '{ me { username role } }');
      expect(me.data?.me).toEqual({ username, role: username });
    }
  });

  it('a demo token works only on its own centre', async () => {
    const login = await gql(
      'demo.localhost',
      'mutation { login(username: "manager", password: "demo-password") { tokens { access_token } } }',
    );
    const token = login.data.login.tokens.access_token;
    expect((await request('pawsome.localhost', '/graphql', { query: '{ me { username } }' }, token)).status).toBe(401);
    expect((await request('localhost', '/graphql', { query: '{ me { username } }' }, token)).status).toBe(401);
  });

  it('each centre has its own database and its own language pack', async () => {
    const demo = JSON.parse((await request('demo.localhost', '/app-config.json')).body);
    const pawsome = JSON.parse((await request('pawsome.localhost', '/app-config.json')).body);
    expect(demo.centre).toMatchObject({ slug: 'demo', kind: 'childcare', language_pack: 'default' });
    expect(pawsome.centre).toMatchObject({ slug: 'pawsome', kind: 'petcare', language_pack: 'dogs' });
    const dbs = await platform.controlDb('centers').select('slug', 'database_name').orderBy('slug');
    expect(new Set(dbs.map((d) => d.database_name)).size).toBe(2);
    expect(JSON.parse((await request('localhost', '/app-config.json')).body).surface).toBe('platform');
  });

  it("a parent plays their child's room camera from the built-in origin; another family's room is refused", async () => {
    const centre = await platform.controlDb('centers').where({ slug: 'demo' }).first('id');
    const db = await platform.centreDb(String(centre.id));
    const own = await db('cameras as c')
      .join('students as s', 's.program_id', 'c.program_id')
      .where({ 's.fname': 'Emma' })
      .first('c.id', 'c.code');
    const other = await db('cameras as c').join('students as s', 's.program_id', 'c.program_id').where({ 's.fname': 'Ava' }).first('c.id');
    const login = await gql(
      'demo.localhost',
      'mutation { login(username: "parent", password: "demo-password") { tokens { access_token } } }',
    );
    const token = login.data.login.tokens.access_token;
    const play = await gql('demo.localhost', `mutation { playCamera(id: "${own.id}") { status message embed_code { url } } }`, token);
    expect(play.data.playCamera.status, play.data.playCamera.message).toBe(true);
    const url = new URL(play.data.playCamera.embed_code.url, 'http://demo.localhost');
    const playlist = await request('demo.localhost', url.pathname + url.search);
    expect(playlist.status).toBe(200);
    expect(playlist.body).toContain('#EXTM3U');
    expect((await request('demo.localhost', url.pathname)).status).toBe(401);
    const refused = await gql('demo.localhost', `mutation { playCamera(id: "${other.id}") { status message } }`, token);
    expect(refused.data.playCamera.status).toBe(false);
  });

  it("the owner reads the centre's plan and trial from the control plane (the in-process channel)", async () => {
    const centre = await platform.controlDb('centers').where({ slug: 'demo' }).first('id');
    // The demo data's platform billing put the centre on Growth; the update is a no-op then, and keeps the test's own premise.
    const plan = await platform.controlDb('center_plans').where({ name: 'Growth' }).first('id');
    await platform.controlDb('centers').where({ id: centre.id }).update({ center_billing_plan_id: plan.id });
    const login = await gql(
      'demo.localhost',
      'mutation { login(username: "center", password: "demo-password") { tokens { access_token } } }',
    );
    const token = login.data.login.tokens.access_token;
    const mine = await gql('demo.localhost', '{ getMyPlan { plan { name amount period } status } }', token);
    expect(mine.data?.getMyPlan, JSON.stringify(mine.errors)).toEqual({
      plan: { name: 'Growth', amount: '129.00', period: 'month' },
      status: 'active',
    });
  });

  it("a check-in's parent alert is delivered after the commit by the event dispatcher (the notification centre's handler), once", async () => {
    const centre = await platform.controlDb('centers').where({ slug: 'demo' }).first('id');
    const db = await platform.centreDb(String(centre.id));
    const child = await db('students').where({ fname: 'Emma' }).first('id', 'location_id');
    const login = await gql(
      'demo.localhost',
      'mutation { login(username: "center", password: "demo-password") { tokens { access_token } } }',
    );
    const token = login.data.login.tokens.access_token;
    const alerts = (on: boolean) =>
      gql(
        'demo.localhost',
        `mutation { saveCheckInSettings(location_id: "${child.location_id}", check_in_parent_alert: { email: ${on}, sms: false, app: false }) { status } }`,
        token,
      );
    await alerts(true);
    try {
      const r = await gql(
        'demo.localhost',
        `mutation { saveStudentCheckInOut(students: ["${child.id}"], action: check_in) { status } }`,
        token,
      );
      expect(r.data?.saveStudentCheckInOut.status, JSON.stringify(r.errors)).toBe(true);
      const sent = async () => db('outbound_messages').where({ template: 'attendance-check-in' }).pluck('recipient');
      for (let i = 0; i < 100 && !(await sent()).length; i++) await new Promise((res) => setTimeout(res, 100));
      expect(await sent()).toContain('olivia.bennett@example.com');
      const event = await db('domain_events').where({ name: 'attendance.checked_in' }).orderBy('id', 'desc').first('id', 'done_at');
      expect(event.done_at).not.toBeNull();
      expect(await db('domain_event_deliveries').where({ event_id: event.id }).select('handler', 'status')).toEqual([
        { handler: 'notifications.attendance', status: 'done' },
      ]);
      await gql('demo.localhost', `mutation { saveStudentCheckInOut(students: ["${child.id}"], action: check_out) { status } }`, token);
    } finally {
      await alerts(false);
    }
  });

  it('unknown hosts get 404', async () => {
    expect((await request('nowhere.localhost', '/graphql', { query: '{ me { id } }' })).status).toBe(404);
  });

  it('seeding twice changes nothing', async () => {
    const { seedDemo } = await import('./lib/demo.ts');
    const db = await platform.centreDb(String((await platform.controlDb('centers').where({ slug: 'demo' }).first('id')).id));
    const before = await db('students').count({ n: '*' }).first();
    await seedDemo(platform, 'demo-password', () => undefined);
    expect((await db('students').count({ n: '*' }).first())?.n).toBe(before?.n);
  });
});
