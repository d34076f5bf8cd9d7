import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@kv/db';
import { centreInput, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow } from '../../provision-now.ts';
import type { CenterRow } from '../centres/repo.ts';

const USERS = `query($c: [ID!]!, $r: [String!]!) { getUserForCustomEmail(center_ids: $c, roles: $r) { center_id center_name user_id name email role } }`;
const SEND = `mutation($s: String!, $b: String!, $to: [String!]!) { sendCustomEmailUtility(subject: $s, body: $b, recipients: $to) { status message queued skipped } }`;

const err = (r: { errors?: { extensions?: Record<string, unknown> }[] }) => [r.errors?.[0]?.extensions?.code, r.errors?.[0]?.extensions?.field];

describe('the custom email utility (kvsupport)', () => {
  let h: ControlPlaneHarness;
  let centre: CenterRow;
  let other: CenterRow;
  let tenant: Knex;

  beforeAll(async () => {
    h = await startControlPlane();
    centre = await provisionCenterNow(h.deps, centreInput('aspen'), h.actors.admin);
    other = await provisionCenterNow(h.deps, centreInput('cedar'), h.actors.admin);
    tenant = createKnex(h.centreDbUrl(centre.database_name!), { max: 1 });
    const [parentRole] = await tenant('roles').where({ name: 'user' }).select('id');
    const people = await tenant('users')
      .insert([
        { fname: 'Pat', lname: 'Parent', username: 'pat', email: 'pat@example.test', status: true },
        { fname: 'Tem', lname: 'Placeholder', username: 'tem', email: 'temp123456@kv.invalid', status: true },
        { fname: 'Ina', lname: 'Inactive', username: 'ina', email: 'ina@example.test', status: false },
      ])
      .returning('id');
    await tenant('user_roles').insert(people.map((p) => ({ user_id: p.id, role_id: parentRole.id })));
  });
  afterAll(async () => {
    await tenant?.destroy();
    await h?.close();
  });

  it('reads the chosen centres’ people of the chosen roles with real addresses, audited', async () => {
    const r = await h.gql(USERS, { c: [centre.id], r: ['user'] }, { token: h.tokens.kvsupport });
    expect(r.errors).toBeUndefined();
    expect(r.data.getUserForCustomEmail).toEqual([
      { center_id: centre.id, center_name: centre.name, user_id: expect.any(String), name: 'Pat Parent', email: 'pat@example.test', role: 'user' },
    ]);
    const owners = await h.gql(USERS, { c: [centre.id, other.id], r: ['center'] }, { token: h.tokens.kvsupport });
    expect(new Set(owners.data.getUserForCustomEmail.map((u: { center_id: string }) => u.center_id))).toEqual(new Set([centre.id, other.id]));
    expect(await h.control.db('audit_log').where({ action: 'support.custom_email_users' }).orderBy('id', 'asc').first('data')).toMatchObject({
      data: { center_ids: [centre.id], roles: ['user'], found: 1 },
    });
  });

  it('bad input names the field; a centre that is not active is refused', async () => {
    expect(err(await h.gql(USERS, { c: [], r: ['user'] }, { token: h.tokens.kvsupport }))).toEqual(['BAD_USER_INPUT', 'center_ids']);
    expect(err(await h.gql(USERS, { c: [centre.id], r: ['owner'] }, { token: h.tokens.kvsupport }))).toEqual(['BAD_USER_INPUT', 'roles.0']);
    expect(err(await h.gql(USERS, { c: [centre.id, '999999'], r: ['user'] }, { token: h.tokens.kvsupport }))).toEqual(['BAD_USER_INPUT', 'center_ids.1']);
    expect(err(await h.gql(SEND, { s: '', b: 'Hi', to: ['a@example.test'] }, { token: h.tokens.kvsupport }))).toEqual(['BAD_USER_INPUT', 'subject']);
    expect(err(await h.gql(SEND, { s: 'Hi', b: 'Hi', to: ['not-an-address'] }, { token: h.tokens.kvsupport }))).toEqual(['BAD_USER_INPUT', 'recipients.0']);
    expect(err(await h.gql(SEND, { s: 'Hi', b: 'Hi', to: [] }, { token: h.tokens.kvsupport }))).toEqual(['BAD_USER_INPUT', 'recipients']);
    // Without a sign-in: refused.
    expect((await h.gql(USERS, { c: [centre.id], r: ['user'] })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('queues one mail per distinct address, skips placeholder addresses, audited', async () => {
    const before = Number((await h.control.db('outbound_messages').count({ n: '*' }))[0]!.n);
    const r = await h.gql(
      SEND,
      { s: 'Planned maintenance', b: 'The app is down on Sunday from 2:00 to 3:00.', to: ['pat@example.test', 'PAT@example.test', 'temp123456@kv.invalid', 'owner@example.test'] },
      { token: h.tokens.kvsupport },
    );
    expect(r.data.sendCustomEmailUtility).toMatchObject({ status: true, queued: 2, skipped: 1 });
    const mails = await h.control.db('outbound_messages').orderBy('id', 'desc').limit(2).select('recipient', 'subject', 'body_text', 'template');
    expect(Number((await h.control.db('outbound_messages').count({ n: '*' }))[0]!.n)).toBe(before + 2);
    expect(mails.map((m) => m.recipient).sort()).toEqual(['owner@example.test', 'pat@example.test']);
    expect(mails[0]).toMatchObject({ subject: 'KidsVision: Planned maintenance', template: 'custom-email', body_text: expect.stringContaining('The app is down on Sunday') });
    expect(await h.control.db('audit_log').where({ action: 'support.custom_email_sent' }).first('data')).toMatchObject({ data: { queued: 2, skipped: 1 } });
  });
});
