import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@kv/db';
import { centreInput, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow } from '../../provision-now.ts';
import type { CenterRow } from '../centres/repo.ts';

const LOGIN_AS = `mutation($c: ID!, $u: ID!, $r: String!, $t: String!, $m: Int, $mode: String, $wr: String) {
  loginAsUser(center_id: $c, user_id: $u, reason: $r, ticket_id: $t, minutes: $m, mode: $mode, write_reason: $wr) {
    status message color url expires_at support_session_id } }`;
const SESSIONS = `query($c: ID!) { getSupportSessions(center_id: $c) { data { id operator ticket_id mode write_reason minutes status reason }
  paginatorInfo { total } } }`;
const END = `mutation($id: ID!) { endSupportSession(id: $id) { status message } }`;

describe('support sessions (login as user)', () => {
  let h: ControlPlaneHarness;
  let centre: CenterRow;
  let other: CenterRow;
  let tenant: Knex;
  let ownerId: string;

  beforeAll(async () => {
    h = await startControlPlane();
    centre = await provisionCenterNow(h.deps, centreInput('willow'), h.actors.admin);
    other = await provisionCenterNow(h.deps, centreInput('birch'), h.actors.admin);
    tenant = createKnex(h.centreDbUrl(centre.database_name!), { max: 1 });
    ownerId = String((await tenant('users').where({ username: 'olive' }).first('id')).id);
  });
  afterAll(async () => {
    await tenant.destroy();
    await h.close();
  });

  it('gives kvsupport a one-time link bound to the centre and the user, audited on both sides', async () => {
    const before = Date.now();
    const res = await h.gql(LOGIN_AS, { t: 'HELP-1001', c: centre.id, u: ownerId, r: 'Parent reports a missing camera' }, { token: h.tokens.kvsupport });
    expect(res.errors).toBeUndefined();
    const out = res.data.loginAsUser;
    expect(out).toMatchObject({ status: true, color: 'success' });
    const match = /^http:\/\/willow\.localhost:3000\/verify-autologin\/([^/]+)$/.exec(out.url);
    expect(match).not.toBeNull();
    const expiresAt = Date.parse(out.expires_at);
    // 30 minutes unless asked otherwise.
    expect(expiresAt - before).toBeGreaterThan(29 * 60_000);
    expect(expiresAt - before).toBeLessThanOrEqual(30 * 60_000 + 1000);

    const claims = await h.rt.tokens.verifySupportAutologin(match![1]!, centre.id);
    expect(claims).toMatchObject({
      tid: centre.id,
      sub: ownerId,
      ssid: out.support_session_id,
      operator: 'Sam Operator (kvsupport-op)',
      sexp: Math.floor(expiresAt / 1000),
      mode: 'read',
    });
    // Bound to this centre: another centre refuses it.
    await expect(h.rt.tokens.verifySupportAutologin(match![1]!, other.id)).rejects.toThrow();

    const session = await h.control.db('support_sessions').where({ id: out.support_session_id }).first();
    expect(session).toMatchObject({
      operator_id: h.actors.kvsupport.viewer!.id,
      center_id: centre.id,
      target_user_id: ownerId,
      reason: 'Parent reports a missing camera',
      ticket_id: 'HELP-1001',
      mode: 'read',
      minutes: 30,
      ended_at: null,
    });
    expect(
      await h.control.db('audit_log').where({ action: 'support.login_as_user', entity_id: centre.id }).first('actor_label', 'data'),
    ).toMatchObject({
      actor_label: 'Sam Operator (kvsupport-op)',
      data: { user_id: ownerId, reason: 'Parent reports a missing camera', support_session_id: out.support_session_id },
    });
    expect(
      await tenant('audit_log').where({ support_session_id: out.support_session_id }).first('action', 'actor_label', 'entity_id'),
    ).toEqual({
      action: 'support.session_started',
      actor_label: 'Sam Operator (kvsupport-op)',
      entity_id: ownerId,
    });
  });

  it("lists a centre's active users by name with their highest role, searchable and paginated, never another centre's", async () => {
    const LIST = `query($c: ID!, $s: String, $p: Int, $f: Int) { getCenterUsers(center_id: $c, search: $s, page: $p, first: $f) {
      data { id name username email role } paginatorInfo { total currentPage lastPage perPage } } }`;
    const [parentRole] = await tenant('roles').where({ name: 'user' }).select('id');
    const [managerRole] = await tenant('roles').where({ name: 'manager' }).select('id');
    const [ann] = await tenant('users')
      .insert({ fname: 'Ann', lname: 'Parent', username: 'ann.parent', email: 'ann@example.com', status: true })
      .returning('id');
    await tenant('user_roles').insert([
      { user_id: ann.id, role_id: parentRole.id },
      { user_id: ann.id, role_id: managerRole.id },
    ]);
    await tenant('users').insert({ fname: 'Gone', lname: 'User', username: 'gone.user', status: false });

    const all = await h.gql(LIST, { c: centre.id }, { token: h.tokens.kvsupport });
    expect(all.errors).toBeUndefined();
    const names = all.data.getCenterUsers.data.map((u: { name: string }) => u.name);
    expect(names).toContain('Ann Parent');
    expect(names).not.toContain('Gone User');
    expect(all.data.getCenterUsers.data.find((u: { name: string }) => u.name === 'Ann Parent')).toMatchObject({
      id: String(ann.id),
      username: 'ann.parent',
      role: 'manager',
    });

    const found = await h.gql(LIST, { c: centre.id, s: 'ANN@EX' }, { token: h.tokens.admin });
    expect(found.data.getCenterUsers).toMatchObject({ data: [{ name: 'Ann Parent' }], paginatorInfo: { total: 1, lastPage: 1 } });
    const paged = await h.gql(LIST, { c: centre.id, p: 2, f: 1 }, { token: h.tokens.kvsupport });
    expect(paged.data.getCenterUsers.data).toHaveLength(1);
    expect(paged.data.getCenterUsers.paginatorInfo).toMatchObject({ currentPage: 2, perPage: 1, total: names.length });

    // The other centre has its own database: Ann is not there.
    const elsewhere = await h.gql(LIST, { c: other.id, s: 'Ann' }, { token: h.tokens.kvsupport });
    expect(elsewhere.data.getCenterUsers.data).toEqual([]);
    expect((await h.gql(LIST, { c: centre.id, f: 0 }, { token: h.tokens.kvsupport })).errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'first',
    });
    expect((await h.gql(LIST, { c: centre.id }, { token: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await tenant('user_roles').where({ user_id: ann.id }).delete();
    await tenant('users').whereIn('username', ['ann.parent', 'gone.user']).delete();
  });

  it('refuses a short reason, an unknown or inactive user, a suspended centre and anonymous callers', async () => {
    const ask = (vars: Record<string, unknown>, token: string | null = h.tokens.kvsupport) =>
      h.gql(LOGIN_AS, { t: 'HELP-1001', c: centre.id, u: ownerId, r: 'Long enough reason', ...vars }, { token });
    expect((await ask({ r: 'too short' })).errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'reason' });
    expect((await ask({ u: '999999' })).errors?.[0]?.extensions).toEqual({ code: 'USER_NOT_FOUND', field: 'user_id' });
    expect((await ask({ u: 'x1' })).errors?.[0]?.extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'user_id' });
    expect((await ask({ c: '999999' })).errors?.[0]?.extensions?.code).toBe('CENTER_NOT_FOUND');
    expect((await ask({}, null)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    await tenant('users').where({ id: ownerId }).update({ status: false });
    expect((await ask({})).errors?.[0]?.extensions?.code).toBe('USER_NOT_FOUND');
    await tenant('users').where({ id: ownerId }).update({ status: true });
    await h.gql('mutation($id: ID!) { suspendCenter(id: $id) { status } }', { id: centre.id }, { token: h.tokens.admin });
    expect((await ask({})).errors?.[0]?.extensions).toEqual({ code: 'CENTER_NOT_ACTIVE', field: 'center_id' });
    await h.gql('mutation($id: ID!) { activateCenter(id: $id) { status } }', { id: centre.id }, { token: h.tokens.admin });
    expect(await h.control.db('support_sessions').count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('ending a session revokes the centre-side session at once; only its operator or an admin may end it', async () => {
    const started = (await h.gql(LOGIN_AS, { t: 'HELP-1001', c: centre.id, u: ownerId, r: 'Checking invoice totals' }, { token: h.tokens.admin })).data
      .loginAsUser;
    // What the centre's verifyAutologin records when the link is used.
    const centreSession = randomUUID();
    await tenant('sessions').insert({
      id: centreSession,
      user_id: ownerId,
      support_session_id: started.support_session_id,
      support_operator: 'Ada Operator (admin-op)',
      expires_at: new Date(Date.now() + 3600_000),
    });

    const denied = await h.gql(END, { id: started.support_session_id }, { token: h.tokens.kvsupport });
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await h.gql(END, { id: randomUUID() }, { token: h.tokens.admin })).errors?.[0]?.extensions?.code).toBe(
      'SUPPORT_SESSION_NOT_FOUND',
    );

    expect((await h.gql(END, { id: started.support_session_id }, { token: h.tokens.admin })).data.endSupportSession).toEqual({
      status: true,
      message: 'Support session ended.',
    });
    expect((await h.control.db('support_sessions').where({ id: started.support_session_id }).first('ended_at')).ended_at).toBeInstanceOf(
      Date,
    );
    expect(await tenant('sessions').where({ id: centreSession }).first('revoked_at', 'revoked_reason')).toMatchObject({
      revoked_reason: 'support_ended',
    });
    expect(await h.control.db('audit_log').where({ action: 'support.end' }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it("lists a centre's parked event deliveries for support, and sends one back to its handler (audited)", async () => {
    const PARKED = `query($c: ID!) { getCenterParkedEvents(center_id: $c) { data { event_id name payload handler attempts last_error parked_at } paginatorInfo { total } } }`;
    const RETRY = `mutation($c: ID!, $e: ID!, $h: String!) { retryCenterEvent(center_id: $c, event_id: $e, handler: $h) { status message } }`;
    const [event] = await tenant('domain_events')
      .insert({
        name: 'attendance.checked_in',
        payload: JSON.stringify({ centreId: centre.id, attendanceIds: ['41'] }),
        done_at: tenant.fn.now(),
      })
      .returning('id');
    const eventId = String(event.id);
    await tenant('domain_event_deliveries').insert({
      event_id: eventId,
      handler: 'attendance.parent-alert',
      status: 'parked',
      attempts: 8,
      last_error: 'boom',
    });
    const listed = await h.gql(PARKED, { c: centre.id }, { token: h.tokens.kvsupport });
    expect(listed.errors).toBeUndefined();
    expect(listed.data.getCenterParkedEvents.paginatorInfo.total).toBe(1);
    expect(listed.data.getCenterParkedEvents.data[0]).toMatchObject({
      event_id: eventId,
      name: 'attendance.checked_in',
      handler: 'attendance.parent-alert',
      attempts: 8,
      last_error: 'boom',
    });
    expect(JSON.parse(listed.data.getCenterParkedEvents.data[0].payload)).toEqual({ centreId: centre.id, attendanceIds: ['41'] });
    // Another centre's list is its own; anonymous callers get nothing.
    expect((await h.gql(PARKED, { c: other.id }, { token: h.tokens.kvsupport })).data.getCenterParkedEvents.paginatorInfo.total).toBe(0);
    expect((await h.gql(PARKED, { c: centre.id })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const wrong = await h.gql(RETRY, { c: other.id, e: eventId, h: 'attendance.parent-alert' }, { token: h.tokens.kvsupport });
    expect(wrong.errors?.[0]?.extensions).toMatchObject({ code: 'PARKED_EVENT_NOT_FOUND', field: 'event_id' });
    const retried = await h.gql(RETRY, { c: centre.id, e: eventId, h: 'attendance.parent-alert' }, { token: h.tokens.kvsupport });
    expect(retried.data.retryCenterEvent.status).toBe(true);
    expect(await tenant('domain_event_deliveries').where({ event_id: eventId }).first('status', 'attempts')).toEqual({
      status: 'failed',
      attempts: 0,
    });
    expect((await tenant('domain_events').where({ id: eventId }).first('done_at')).done_at).toBeNull();
    expect(await h.control.db('audit_log').where({ action: 'support.retry_event', entity_id: centre.id }).first('data')).toMatchObject({
      data: { event_id: eventId, handler: 'attendance.parent-alert' },
    });
    expect((await h.gql(PARKED, { c: centre.id }, { token: h.tokens.kvsupport })).data.getCenterParkedEvents.paginatorInfo.total).toBe(0);
  });

  it('takes a ticket, 5–60 minutes and a mode; a write session is an admin\'s with a reason; each bad field is named', async () => {
    const ask = (vars: Record<string, unknown>, token = h.tokens.admin) =>
      h.gql(LOGIN_AS, { t: 'HELP-1001', c: centre.id, u: ownerId, r: 'Checking the billing totals', ...vars }, { token });
    const field = async (vars: Record<string, unknown>) => (await ask(vars)).errors?.[0]?.extensions;
    expect(await field({ t: '' })).toEqual({ code: 'BAD_USER_INPUT', field: 'ticket_id' });
    expect(await field({ t: 'HELP 1' })).toEqual({ code: 'BAD_USER_INPUT', field: 'ticket_id' });
    expect(await field({ m: 4 })).toEqual({ code: 'BAD_USER_INPUT', field: 'minutes' });
    expect(await field({ m: 61 })).toEqual({ code: 'BAD_USER_INPUT', field: 'minutes' });
    expect(await field({ mode: 'admin' })).toEqual({ code: 'BAD_USER_INPUT', field: 'mode' });
    expect(await field({ mode: 'write' })).toEqual({ code: 'BAD_USER_INPUT', field: 'write_reason' });
    expect(await field({ mode: 'write', wr: 'short' })).toEqual({ code: 'BAD_USER_INPUT', field: 'write_reason' });
    // kvsupport reads only.
    const kv = await ask({ mode: 'write', wr: 'Fix the broken invoice line' }, h.tokens.kvsupport);
    expect(kv.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const before = Date.now();
    const ok = await ask({ t: 'HELP-2002', m: 5, mode: 'write', wr: 'Fix the broken invoice line' });
    expect(ok.errors).toBeUndefined();
    const out = ok.data.loginAsUser;
    expect(Date.parse(out.expires_at) - before).toBeLessThanOrEqual(5 * 60_000 + 1000);
    const token = /verify-autologin\/([^/]+)$/.exec(out.url)![1]!;
    expect((await h.rt.tokens.verifySupportAutologin(token, centre.id)).mode).toBe('write');
    // The centre's own audit log holds the ticket and mode (its /log-report shows them).
    expect(await tenant('audit_log').where({ support_session_id: out.support_session_id }).first('data')).toMatchObject({
      data: { ticket_id: 'HELP-2002', mode: 'write', write_reason: 'Fix the broken invoice line' },
    });

    // getSupportSessions: newest first, for kvsupport too; never another centre's; not for guests.
    const list = await h.gql(SESSIONS, { c: centre.id }, { token: h.tokens.kvsupport });
    expect(list.data.getSupportSessions.data[0]).toMatchObject({
      id: out.support_session_id,
      operator: 'Ada Operator (admin-op)',
      ticket_id: 'HELP-2002',
      mode: 'write',
      write_reason: 'Fix the broken invoice line',
      minutes: 5,
      status: 'active',
    });
    const ids = list.data.getSupportSessions.data.map((s: { id: string }) => s.id);
    const others = await h.gql(SESSIONS, { c: other.id }, { token: h.tokens.admin });
    expect(others.data.getSupportSessions.data.filter((s: { id: string }) => ids.includes(s.id))).toEqual([]);
    expect((await h.gql(SESSIONS, { c: centre.id }, { token: null })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await h.gql(SESSIONS, { c: '999999' }, { token: h.tokens.admin })).errors?.[0]?.extensions?.code).toBe('CENTER_NOT_FOUND');
    expect((await h.gql(SESSIONS, { c: 'x' }, { token: h.tokens.admin })).errors?.[0]?.extensions).toEqual({
      code: 'BAD_USER_INPUT',
      field: 'center_id',
    });
  });
});
