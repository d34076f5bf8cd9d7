import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import { createSessionStore } from './sessions.ts';
import { hashPassword, passwordProblem, verifyPassword } from './password.ts';

let t: TestDatabase;
let userId: string;
beforeAll(async () => {
  t = await createTestDatabase('tenant');
  const [u] = await t.db('users').insert({ fname: 'A', lname: 'B', username: 'ab' }).returning('id');
  userId = String(u.id);
});
afterAll(() => t.drop());

describe('sessions', () => {
  it('rotates refresh tokens and revokes the family when an old one is replayed', async () => {
    const store = createSessionStore(t.db);
    const s = await store.start(userId, { ttlMs: 60_000, device: 'web' });
    const r1 = await store.rotate(s.refreshToken);
    expect(r1.sessionId).toBe(s.sessionId);
    const r2 = await store.rotate(r1.refreshToken);
    await expect(store.rotate(s.refreshToken)).rejects.toMatchObject({ reason: 'refresh_reuse' });
    // the newest token dies with the family
    await expect(store.rotate(r2.refreshToken)).rejects.toMatchObject({ reason: 'refresh_ended' });
    expect(await store.active(s.sessionId)).toBeNull();
  });

  it('ends sessions on revoke and on expiry', async () => {
    const store = createSessionStore(t.db);
    const a = await store.start(userId, { ttlMs: 60_000 });
    const b = await store.start(userId, { ttlMs: 60_000 });
    await store.revoke(a.sessionId, 'logout');
    expect(await store.active(a.sessionId)).toBeNull();
    expect(await store.active(b.sessionId)).not.toBeNull();
    await store.revokeAllForUser(userId, 'deactivated');
    expect(await store.active(b.sessionId)).toBeNull();
    const c = await store.start(userId, { ttlMs: -1 });
    await expect(store.rotate(c.refreshToken)).rejects.toMatchObject({ reason: 'refresh_ended' });
    await expect(store.rotate('unknown')).rejects.toMatchObject({ reason: 'refresh_unknown' });
  });

  it('concurrent rotation of one token succeeds once', async () => {
    const store = createSessionStore(t.db);
    const s = await store.start(userId, { ttlMs: 60_000 });
    const results = await Promise.allSettled([store.rotate(s.refreshToken), store.rotate(s.refreshToken)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });
});

describe('passwords', () => {
  it('hashes with argon2id at the OWASP baseline and verifies', async () => {
    const h = await hashPassword('correct horse battery');
    expect(h.startsWith('$argon2id$v=19$m=19456,t=2,p=1')).toBe(true);
    expect(await verifyPassword(h, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(h, 'wrong')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
  });
  it('rejects short, long and common passwords', () => {
    expect(passwordProblem('short')).toMatch(/at least 8/);
    expect(passwordProblem('x'.repeat(129))).toMatch(/at most/);
    expect(passwordProblem('Password123')).toMatch(/common/);
    expect(passwordProblem('a sensible passphrase')).toBeNull();
  });
});
