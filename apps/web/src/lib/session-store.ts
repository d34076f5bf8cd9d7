import { SESSION_SCOPED_KEYS, STORAGE_KEYS } from './storage-keys';
import { readJson, readString, removeKeys, writeJson, writeString } from './local-store';
import { NetworkError, postGraphql } from './graphql-post';

export interface SessionRole {
  name: string;
  display_name?: string | null;
}

/** The signed-in person as the shell needs them; centre users and operators both fit. */
export interface SessionUser {
  id: string;
  fname?: string;
  lname?: string;
  full_name: string;
  username: string;
  last_login_time?: string | null;
  email?: string | null;
  avatar?: string | null;
  locale?: string | null;
  roles: SessionRole[];
  permissions: string[];
  support_session?: { operator: string; expires_at: string; mode?: string } | null;
}

export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  /** Epoch ms when the access token stops being accepted. */
  expiresAt: number;
  sessionId: string | null;
}

/** The shape of login, refreshToken, verifyAutologin and updateInvitedUserPassword results. */
export interface LoginPayload {
  status: boolean;
  message: string;
  color: string;
  tokens?: { access_token: string; refresh_token: string } | null;
  expires_in?: number | null;
  session_id?: string | null;
  /** The surface's own user shape; the store maps it with `mapUser`. */
  user?: unknown;
}

export type SessionEndReason = 'logout' | 'expired' | 'elsewhere';

export interface SessionSnapshot {
  user: SessionUser | null;
  /** Set when the last session ended without the user asking (expiry, another tab). */
  endReason: SessionEndReason | null;
}

export interface SessionStoreOptions {
  endpoint: string;
  /** The refreshToken mutation of this surface; must select the LoginPayload fields. */
  refreshDocument: string;
  fetchImpl?: typeof fetch;
  now?: () => number;
  /** How long before expiry a token counts as expiring (refresh ahead of time). */
  refreshMarginMs?: number;
  /** Turns the surface's user (centre User, control-plane Operator) into the shell's user. */
  mapUser?: (raw: unknown) => SessionUser | null;
}

const isRoleList = (value: unknown): value is SessionRole[] =>
  Array.isArray(value) && value.every((r) => typeof r === 'object' && r !== null && typeof (r as SessionRole).name === 'string');

export const isUser = (value: unknown): value is SessionUser =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as SessionUser).id === 'string' &&
  Array.isArray((value as SessionUser).permissions);

function readStoredTokens(): SessionTokens | null {
  const accessToken = readString(STORAGE_KEYS.appToken);
  const refreshToken = readString(STORAGE_KEYS.refreshToken);
  const expiresAt = Number(readString(STORAGE_KEYS.tokenExpiresAt));
  if (!accessToken || !refreshToken || !Number.isFinite(expiresAt)) return null;
  return { accessToken, refreshToken, expiresAt, sessionId: readString(STORAGE_KEYS.sessionId) };
}

function readStoredUser(): SessionUser | null {
  const user = readJson(STORAGE_KEYS.userInfo, isUser);
  if (!user) return null;
  // userRoles is the spec's own key; it wins when both are present.
  const roles = readJson(STORAGE_KEYS.userRoles, isRoleList);
  return roles ? { ...user, roles } : user;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  getAccessToken(): string | null;
  getSessionId(): string | null;
  hasSession(): boolean;
  expiresWithin(ms: number): boolean;
  /** Stores tokens and user from a successful sign-in result; false when the result has no tokens. */
  signIn(payload: LoginPayload): boolean;
  setUser(user: SessionUser): void;
  /** Exchanges the refresh token; one exchange at a time, across tabs. */
  refresh(): Promise<boolean>;
  clear(reason: SessionEndReason): void;
  /** Schedules refreshes ahead of expiry and follows other tabs; returns a stop function. */
  start(): () => void;
}

const REFRESH_LOCK = 'kv-token-refresh';

/** The refresh answer refuses the token (ended, reused, unknown) rather than failing on the way. */
function refusedToken(errors: readonly { extensions?: Record<string, unknown> | null }[] | undefined): boolean {
  if (!errors?.length) return true;
  return errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED' || e.extensions?.code === 'BAD_USER_INPUT');
}

export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const now = options.now ?? Date.now;
  const margin = options.refreshMarginMs ?? 60_000;
  const mapUser = options.mapUser ?? ((raw: unknown) => (isUser(raw) ? raw : null));
  const listeners = new Set<() => void>();
  let tokens = readStoredTokens();
  let snapshot: SessionSnapshot = { user: tokens ? readStoredUser() : null, endReason: null };
  let inFlight: Promise<boolean> | null = null;

  const emit = () => listeners.forEach((l) => l());

  function persistTokens(next: SessionTokens) {
    tokens = next;
    writeString(STORAGE_KEYS.appToken, next.accessToken);
    writeString(STORAGE_KEYS.refreshToken, next.refreshToken);
    writeString(STORAGE_KEYS.tokenExpiresAt, String(next.expiresAt));
    if (next.sessionId) writeString(STORAGE_KEYS.sessionId, next.sessionId);
  }

  function persistUser(user: SessionUser) {
    writeJson(STORAGE_KEYS.userInfo, user);
    writeJson(STORAGE_KEYS.userRoles, user.roles);
  }

  function tokensFrom(payload: LoginPayload): SessionTokens | null {
    if (!payload.status || !payload.tokens) return null;
    return {
      accessToken: payload.tokens.access_token,
      refreshToken: payload.tokens.refresh_token,
      expiresAt: now() + (payload.expires_in ?? 900) * 1000,
      sessionId: payload.session_id ?? tokens?.sessionId ?? null,
    };
  }

  function clear(reason: SessionEndReason) {
    const hadSession = tokens !== null || snapshot.user !== null;
    tokens = null;
    removeKeys(SESSION_SCOPED_KEYS);
    snapshot = { user: null, endReason: reason === 'logout' ? null : reason };
    if (hadSession || reason !== 'logout') emit();
  }

  async function exchange(): Promise<boolean> {
    // Another tab may have rotated the refresh token while we waited for the lock: adopt its tokens.
    // Without storage (private mode) the in-memory tokens are the only copy.
    const stored = readStoredTokens() ?? tokens;
    if (!stored) return false;
    if (tokens && stored.refreshToken !== tokens.refreshToken && stored.expiresAt - now() > margin) {
      tokens = stored;
      return true;
    }
    try {
      const response = await postGraphql<{ refreshToken: LoginPayload }>(fetchImpl, options.endpoint, options.refreshDocument, {
        refresh_token: stored.refreshToken,
      });
      const next = response.data?.refreshToken ? tokensFrom(response.data.refreshToken) : null;
      if (!next) {
        // Only a refusal of the token itself ends the session; a throttled, unavailable or failing
        // server keeps it, and the next call or the timer tries again (a teacher is not signed out
        // by a hiccup).
        if (refusedToken(response.errors)) clear('expired');
        return false;
      }
      persistTokens(next);
      const user = mapUser(response.data?.refreshToken.user ?? null);
      if (user) {
        persistUser(user);
        snapshot = { user, endReason: null };
        emit();
      }
      return true;
    } catch (error) {
      // Offline or server trouble: keep the session and try again on the next call.
      if (error instanceof NetworkError) return false;
      throw error;
    }
  }

  function refresh(): Promise<boolean> {
    if (!tokens) return Promise.resolve(false);
    if (!inFlight) {
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      // The lock resolves with the callback's own promise; awaiting flattens it.
      const run: Promise<boolean> = locks ? locks.request(REFRESH_LOCK, exchange).then((ok) => ok) : exchange();
      inFlight = run.finally(() => {
        inFlight = null;
      });
    }
    return inFlight;
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getAccessToken: () => tokens?.accessToken ?? null,
    getSessionId: () => tokens?.sessionId ?? null,
    hasSession: () => tokens !== null,
    expiresWithin: (ms) => !!tokens && tokens.expiresAt - now() <= ms,
    signIn(payload) {
      const next = tokensFrom(payload);
      if (!next) return false;
      persistTokens(next);
      const user = mapUser(payload.user ?? null);
      if (user) {
        persistUser(user);
        snapshot = { user, endReason: null };
      }
      emit();
      return true;
    },
    setUser(user) {
      persistUser(user);
      snapshot = { user, endReason: null };
      emit();
    },
    refresh,
    clear,
    start() {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const schedule = () => {
        clearTimeout(timer);
        if (!tokens) return;
        const wait = Math.max(5_000, tokens.expiresAt - now() - margin);
        timer = setTimeout(() => {
          void refresh().finally(schedule);
        }, wait);
      };
      const unsubscribe = this.subscribe(schedule);
      const onStorage = (event: StorageEvent) => {
        if (event.key !== STORAGE_KEYS.appToken && event.key !== null) return;
        const stored = readStoredTokens();
        if (!stored && tokens) {
          tokens = null;
          snapshot = { user: null, endReason: 'elsewhere' };
          emit();
        } else if (stored) {
          tokens = stored;
          const user = readStoredUser();
          if (user && user.id !== snapshot.user?.id) {
            snapshot = { user, endReason: null };
            emit();
          }
          schedule();
        }
      };
      window.addEventListener('storage', onStorage);
      schedule();
      return () => {
        clearTimeout(timer);
        unsubscribe();
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
