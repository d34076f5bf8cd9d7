// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionStore, type LoginPayload } from './session-store';
import { STORAGE_KEYS } from './storage-keys';

const user = { id: '7', full_name: 'Olivia Bennett', username: 'parent', roles: [{ name: 'user' }], permissions: ['cameras.watch'] };

const payload = (access: string, refresh: string): LoginPayload => ({
  status: true,
  message: 'ok',
  color: 'success',
  tokens: { access_token: access, refresh_token: refresh },
  expires_in: 900,
  session_id: 's-1',
  user,
});

function jsonResponse(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeEach(() => localStorage.clear());
afterEach(() => vi.restoreAllMocks());

describe('session store', () => {
  it('keeps the spec keys on sign-in and clears every one on logout', () => {
    const store = createSessionStore({ endpoint: '/graphql', refreshDocument: 'mutation R', fetchImpl: vi.fn() });
    localStorage.setItem(STORAGE_KEYS.themeMode, 'dark');
    expect(store.signIn(payload('a1', 'r1'))).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.appToken)).toBe('a1');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userRoles)!)[0].name).toBe('user');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.userInfo)!).username).toBe('parent');
    store.clear('logout');
    for (const key of [
      STORAGE_KEYS.appToken,
      STORAGE_KEYS.refreshToken,
      STORAGE_KEYS.userInfo,
      STORAGE_KEYS.userRoles,
      STORAGE_KEYS.themeMode,
    ]) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(store.getSnapshot().user).toBeNull();
  });

  it('refuses a failed sign-in result', () => {
    const store = createSessionStore({ endpoint: '/graphql', refreshDocument: 'mutation R', fetchImpl: vi.fn() });
    expect(store.signIn({ status: false, message: 'Invalid', color: 'danger' })).toBe(false);
    expect(store.hasSession()).toBe(false);
  });

  it('runs one refresh at a time and stores the rotated tokens', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetchImpl = vi.fn(async () => {
      await gate;
      return jsonResponse({ data: { refreshToken: payload('a2', 'r2') } });
    });
    const store = createSessionStore({ endpoint: '/graphql', refreshDocument: 'mutation R', fetchImpl });
    store.signIn(payload('a1', 'r1'));
    const first = store.refresh();
    const second = store.refresh();
    release();
    expect(await Promise.all([first, second])).toEqual([true, true]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const body = JSON.parse((fetchImpl.mock.calls[0] as unknown as [string, RequestInit])[1].body as string);
    expect(body.variables).toEqual({ refresh_token: 'r1' });
    expect(store.getAccessToken()).toBe('a2');
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBe('r2');
  });

  it('ends the session when the server refuses the refresh token', async () => {
    const fetchImpl = vi.fn(async () =>
      jsonResponse({ data: null, errors: [{ message: 'ended', extensions: { code: 'UNAUTHENTICATED' } }] }),
    );
    const store = createSessionStore({ endpoint: '/graphql', refreshDocument: 'mutation R', fetchImpl });
    store.signIn(payload('a1', 'r1'));
    expect(await store.refresh()).toBe(false);
    expect(store.hasSession()).toBe(false);
    expect(store.getSnapshot().endReason).toBe('expired');
  });

  it('keeps the session when the refresh fails on the server side (throttled, internal)', async () => {
    for (const code of ['THROTTLED', 'INTERNAL_SERVER_ERROR']) {
      const fetchImpl = vi.fn(async () => jsonResponse({ data: null, errors: [{ message: 'try later', extensions: { code } }] }));
      const store = createSessionStore({ endpoint: '/graphql', refreshDocument: 'mutation R', fetchImpl });
      store.signIn(payload('a1', 'r1'));
      expect(await store.refresh()).toBe(false);
      expect(store.hasSession()).toBe(true);
      expect(store.getSnapshot().endReason).toBeNull();
    }
  });

  it('keeps the session through a network failure', async () => {
    const fetchImpl = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const store = createSessionStore({ endpoint: '/graphql', refreshDocument: 'mutation R', fetchImpl });
    store.signIn(payload('a1', 'r1'));
    expect(await store.refresh()).toBe(false);
    expect(store.hasSession()).toBe(true);
  });

  it('adopts tokens another tab already rotated instead of reusing the old refresh token', async () => {
    const fetchImpl = vi.fn();
    const now = Date.now();
    const store = createSessionStore({ endpoint: '/graphql', refreshDocument: 'mutation R', fetchImpl, now: () => now });
    store.signIn(payload('a1', 'r1'));
    localStorage.setItem(STORAGE_KEYS.appToken, 'a-other');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'r-other');
    localStorage.setItem(STORAGE_KEYS.tokenExpiresAt, String(now + 900_000));
    expect(await store.refresh()).toBe(true);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(store.getAccessToken()).toBe('a-other');
  });

  it('restores a stored session on start-up', () => {
    const first = createSessionStore({ endpoint: '/graphql', refreshDocument: 'mutation R', fetchImpl: vi.fn() });
    first.signIn(payload('a1', 'r1'));
    const second = createSessionStore({ endpoint: '/graphql', refreshDocument: 'mutation R', fetchImpl: vi.fn() });
    expect(second.getSnapshot().user?.username).toBe('parent');
    expect(second.getAccessToken()).toBe('a1');
  });
});
