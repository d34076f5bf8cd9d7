import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { createOperatorService, type OperatorService } from './service.ts';
import type { Actor } from '../../access.ts';

const guest: Actor = { viewer: null, ip: '10.1.1.1', userAgent: 'vitest' };

async function rejection(p: Promise<unknown>): Promise<{ code?: string; field?: string; message: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; extensions?: { field?: string }; message: string };
    return { code: err.code, field: err.extensions?.field, message: err.message };
  }
  throw new Error('expected a rejection');
}

describe('operator service', () => {
  let h: ControlPlaneHarness;
  let ops: OperatorService;

  beforeAll(async () => {
    h = await startControlPlane();
    ops = createOperatorService(h.rt);
  });
  afterAll(() => h.close());

  it('signs in with username (any case) and records the attempt; a wrong password or unknown user gives one generic error', async () => {
    const ok = await ops.login(guest, { username: 'ADMIN-OP', password: PASSWORD, device: 'laptop' });
    expect(ok).toMatchObject({ status: true, color: 'success', user: { username: 'admin-op', role: 'admin' }, expires_in: 900 });
    const claims = await h.rt.tokens.verifyAccess(ok.tokens.access_token, 'platform');
    expect(claims).toMatchObject({ sub: ok.user.id, role: 'admin', sid: ok.session_id });
    // A platform token is not a centre token.
    await expect(h.rt.tokens.verifyAccess(ok.tokens.access_token, '1')).rejects.toThrow();

    const wrong = await rejection(ops.login(guest, { username: 'admin-op', password: 'not the password' }));
    const unknown = await rejection(ops.login(guest, { username: 'nobody', password: 'whatever-123' }));
    expect(wrong).toEqual(unknown);
    expect(wrong.code).toBe('INVALID_CREDENTIALS');
    const history = await h.control
      .db('login_history')
      .where({ ip: '10.1.1.1' })
      .orderBy('id')
      .select('username', 'success', 'reason', 'device');
    expect(history).toEqual([
      { username: 'ADMIN-OP', success: true, reason: null, device: 'laptop' },
      { username: 'admin-op', success: false, reason: 'bad_password', device: null },
      { username: 'nobody', success: false, reason: 'unknown_user', device: null },
    ]);
    expect((await rejection(ops.login(guest, { username: ' ', password: 'x' }))).field).toBe('username');
    expect((await rejection(ops.login(guest, { username: 'admin-op', password: '' }))).field).toBe('password');
  });

  it('rotates refresh tokens; reusing an old one ends the session', async () => {
    const first = await ops.login(guest, { username: 'kvsupport-op', password: PASSWORD });
    const second = await ops.refreshToken(guest, { refresh_token: first.tokens.refresh_token });
    expect(second.session_id).toBe(first.session_id);
    expect(second.tokens.refresh_token).not.toBe(first.tokens.refresh_token);
    expect((await rejection(ops.refreshToken(guest, { refresh_token: first.tokens.refresh_token }))).code).toBe('INVALID_REFRESH_TOKEN');
    // The reuse revoked the family: the newest token is dead too.
    expect((await rejection(ops.refreshToken(guest, { refresh_token: second.tokens.refresh_token }))).code).toBe('INVALID_REFRESH_TOKEN');
    expect(await h.rt.sessions.active(first.session_id)).toBeNull();
  });

  it('logs out only sessions of the caller', async () => {
    const mine = await ops.login(guest, { username: 'kvsupport-op', password: PASSWORD });
    const other = await ops.login(guest, { username: 'admin-op', password: PASSWORD });
    const me: Actor = { ...h.actors.kvsupport, viewer: { ...h.actors.kvsupport.viewer!, sessionId: mine.session_id } };
    expect((await rejection(ops.logout(me, { session_id: other.session_id }))).code).toBe('SESSION_NOT_FOUND');
    expect(await ops.logout(me, {})).toMatchObject({ status: true });
    expect(await h.rt.sessions.active(mine.session_id)).toBeNull();
    expect(await h.rt.sessions.active(other.session_id)).not.toBeNull();
    expect((await rejection(ops.logout(guest, {}))).code).toBe('UNAUTHENTICATED');
  });

  it('admins create operators; bad input names the field; kvsupport may not', async () => {
    const input = {
      fname: 'Kim',
      lname: 'Lee',
      username: 'kim.lee',
      email: 'Kim@Example.com',
      role: 'kvsupport',
      password: 'a long enough password',
    };
    const created = await ops.createOperator(h.actors.admin, input);
    expect(created.operator).toMatchObject({ username: 'kim.lee', email: 'kim@example.com', role: 'kvsupport', status: true });
    expect(
      await h.control
        .db('audit_log')
        .where({ action: 'operator.create', entity_id: created.operator.id })
        .first('operator_id', 'actor_label'),
    ).toEqual({
      operator_id: h.actors.admin.viewer!.id,
      actor_label: 'Ada Operator (admin-op)',
    });
    const cases: [Partial<typeof input>, string, string][] = [
      [{ username: 'KIM.LEE' }, 'USERNAME_TAKEN', 'username'],
      [{ username: 'x' }, 'BAD_USER_INPUT', 'username'],
      [{ fname: '' }, 'BAD_USER_INPUT', 'fname'],
      [{ email: 'not-an-email' }, 'BAD_USER_INPUT', 'email'],
      [{ role: 'center' }, 'BAD_USER_INPUT', 'role'],
      [{ password: 'short' }, 'BAD_USER_INPUT', 'password'],
      [{ password: 'password123' }, 'BAD_USER_INPUT', 'password'],
    ];
    for (const [patch, code, field] of cases) {
      expect(await rejection(ops.createOperator(h.actors.admin, { ...input, username: 'someone-new', ...patch }))).toMatchObject({
        code,
        field,
      });
    }
    expect((await rejection(ops.createOperator(h.actors.kvsupport, { ...input, username: 'sneaky' }))).code).toBe('FORBIDDEN');
    expect((await rejection(ops.operators(h.actors.kvsupport, {}))).code).toBe('FORBIDDEN');
    const list = await ops.operators(h.actors.admin, { search: 'kim', first: 10 });
    expect(list.data.map((o) => o.username)).toEqual(['kim.lee']);
    expect(list.paginatorInfo).toEqual({ currentPage: 1, lastPage: 1, perPage: 10, total: 1 });
    expect((await rejection(ops.operators(h.actors.admin, { first: 101 }))).field).toBe('first');
  });

  it('deactivating an operator ends their sessions at once; admins cannot deactivate or demote themselves', async () => {
    const { operator } = await ops.createOperator(h.actors.admin, {
      fname: 'Dee',
      lname: 'Active',
      username: 'dee',
      role: 'admin',
      password: 'another long password',
    });
    const session = await ops.login(guest, { username: 'dee', password: 'another long password' });
    const updated = await ops.updateOperator(h.actors.admin, { id: operator.id, status: false });
    expect(updated.operator).toMatchObject({ status: false });
    expect(await h.rt.sessions.active(session.session_id)).toBeNull();
    expect(updated.operator.tokens_valid_after.getTime()).toBeGreaterThan(operator.tokens_valid_after.getTime());
    expect((await rejection(ops.login(guest, { username: 'dee', password: 'another long password' }))).code).toBe('INVALID_CREDENTIALS');
    expect((await rejection(ops.refreshToken(guest, { refresh_token: session.tokens.refresh_token }))).code).toBe('INVALID_REFRESH_TOKEN');
    expect(await h.control.db('audit_log').where({ action: 'operator.deactivate', entity_id: operator.id }).count({ n: '*' })).toEqual([
      { n: '1' },
    ]);

    const self = h.actors.admin.viewer!.id!;
    expect(await rejection(ops.updateOperator(h.actors.admin, { id: self, status: false }))).toMatchObject({
      code: 'CANNOT_CHANGE_SELF',
      field: 'status',
    });
    expect(await rejection(ops.updateOperator(h.actors.admin, { id: self, role: 'kvsupport' }))).toMatchObject({
      code: 'CANNOT_CHANGE_SELF',
      field: 'role',
    });
    expect((await rejection(ops.updateOperator(h.actors.admin, { id: '999999', fname: 'X' }))).code).toBe('OPERATOR_NOT_FOUND');
    expect((await rejection(ops.updateOperator(h.actors.admin, { id: 'abc', fname: 'X' }))).field).toBe('id');
    expect((await rejection(ops.updateOperator(h.actors.kvsupport, { id: operator.id, status: true }))).code).toBe('FORBIDDEN');
  });
});
