import { describe, expect, it } from 'vitest';
import type { SessionSnapshot, SessionStore } from '../lib/session-store';
import { sessionClient } from './graphql-scope';

function fakeSession(): { session: SessionStore; signIn(id: string | null): void } {
  let snapshot: SessionSnapshot = { user: null, endReason: null };
  const session = { getSnapshot: () => snapshot } as unknown as SessionStore;
  return {
    session,
    signIn(id) {
      snapshot = { user: id ? { id, full_name: id, username: id, roles: [], permissions: [] } : null, endReason: null };
    },
  };
}

describe('the session client (shared by graphqlRoute pages and the shell)', () => {
  it('is one client per user of a session: a new one after signing in or out', () => {
    const { session, signIn } = fakeSession();
    const guest = sessionClient(session);
    expect(sessionClient(session)).toBe(guest);
    signIn('u1');
    const first = sessionClient(session);
    expect(first).not.toBe(guest);
    expect(sessionClient(session)).toBe(first);
    signIn(null);
    expect(sessionClient(session)).not.toBe(first);
    expect(sessionClient(fakeSession().session)).not.toBe(sessionClient(session));
  });
});
