import type { FastifyInstance } from 'fastify';
import { PoolCache } from '@kv/db';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import {
  createControlPlaneClient,
  createFailureBudget,
  createTokenService,
  createThrottle,
  hashPassword,
  type ControlPlaneClient,
} from '@kv/auth';
import type { CentreEntry } from '@kv/directory';
import type { FileStore } from '@kv/files';
import { EventDispatcher } from '@kv/jobs';
import { buildTenantApp } from '../app.ts';
import { registerTenantEvents } from '../worker.ts';
import type { TenantApiDeps, Throttles } from '../types.ts';
import type { DevOriginSource } from '../modules/watching/index.ts';

export const TEST_SECRET = 'test-secret-that-is-long-enough-0123456789';
export const PASSWORD = 'a sensible passphrase';

export interface TestCentre {
  entry: CentreEntry;
  host: string;
  db: TestDatabase;
  url: string;
}

export interface Harness {
  app: FastifyInstance;
  centres: TestCentre[];
  deps: TenantApiDeps;
  /** Centres whose outbox a commit woke (jobs do not run in these tests). */
  kicks: string[];
  /** Centres whose domain events a commit woke; `deliverEvents` delivers them. */
  eventKicks: string[];
  /** The dispatcher with every area's handlers; handlers' mail lands in `outbound_messages`. */
  events: EventDispatcher;
  /** Delivers the pending domain events of every centre (as the dispatcher would after a kick). */
  deliverEvents(): Promise<number>;
  close(): Promise<void>;
}

function entry(id: string, slug: string, overrides: Partial<CentreEntry> = {}): CentreEntry {
  return {
    id,
    slug,
    name: `Centre ${slug}`,
    kind: 'childcare',
    language_pack: 'default',
    status: 'active',
    on_trial: false,
    trial_ends_on: null,
    database_server_id: '1',
    database_name: null,
    schema_version: null,
    ...overrides,
  };
}

/** Generous limits so tests exercise throttling only where they mean to (the real ones: createThrottles). */
export function testThrottles(overrides: Partial<Throttles> = {}): Throttles {
  const t = (keyPrefix: string, points: number) => createThrottle({ keyPrefix, points, durationSec: 900 });
  const f = (keyPrefix: string) => createFailureBudget({ keyPrefix, windowSec: 900, free: 1000, limit: 1000, blockSec: 60 });
  return {
    account: f('la'),
    address: f('ad'),
    mailIp: t('mi', 1000),
    mailTarget: t('mt', 1000),
    verifyIp: t('vi', 1000),
    ...overrides,
  };
}

/**
 * Two real centre databases (cloned from the migrated tenant template) behind one tenant app,
 * reached as `a.test.localhost` and `b.test.localhost`; more centres can be described by `extra`.
 */
export interface HarnessOptions {
  throttles?: Throttles;
  production?: boolean;
  extra?: { slug: string; entry?: Partial<CentreEntry>; url?: string }[];
  trustProxy?: string;
  /** The built-in HLS origin, for the camera tests. */
  devOrigin?: DevOriginSource;
  /** The file store, for the upload tests. */
  files?: FileStore;
  /** The control plane as the centres reach it; by default one that cannot be reached. */
  controlPlane?: ControlPlaneClient;
}

export async function createHarness(opts: HarnessOptions = {}): Promise<Harness> {
  const centres: TestCentre[] = [];
  for (const [i, slug] of ['a', 'b'].entries()) {
    const db = await createTestDatabase('tenant', `centre_${slug}`);
    centres.push({ entry: entry(String(i + 1), slug), host: `${slug}.test.localhost`, db, url: db.url });
  }
  const hosts = new Map(centres.map((c) => [c.host, c]));
  for (const [i, x] of (opts.extra ?? []).entries()) {
    const c = {
      entry: entry(String(100 + i), x.slug, x.entry),
      host: `${x.slug}.test.localhost`,
      db: undefined as unknown as TestDatabase,
      url: x.url ?? centres[0]!.url,
    };
    hosts.set(c.host, c);
  }
  const kicks: string[] = [];
  const eventKicks: string[] = [];
  const pools = new PoolCache({ max: 3 });
  const events = new EventDispatcher({ sources: () => [], log: () => undefined, onOutbox: (id) => void kicks.push(id) });
  registerTenantEvents(events, { entryFor: async (id) => [...hosts.values()].find((c) => c.entry.id === id)!.entry });
  const deps: TenantApiDeps = {
    directory: {
      resolve: async (host) => hosts.get(host)?.entry ?? null,
      connectionUrl: async (e) => [...hosts.values()].find((c) => c.entry.id === e.id)!.url,
    },
    pools,
    tokens: createTokenService({ secret: TEST_SECRET }),
    outbox: { kick: (id) => void kicks.push(id) },
    // Recorded only, so a test's statement counts never include a delivery running beside them.
    events: { kick: (id) => void eventKicks.push(id) },
    controlPlane:
      opts.controlPlane ??
      createControlPlaneClient({
        tokens: createTokenService({ secret: TEST_SECRET }),
        transport: async () => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'No control plane in this test.' } } }),
      }),
    devOrigin: opts.devOrigin,
    files: opts.files,
    config: {
      // Production refuses to start without media secrets; development falls back to fixed ones.
      ...(opts.production ? { mediaSecretKey: 'test-media-secret-key-0123456789abcdef', mediaAuthSecret: 'test-media-auth-secret' } : {}),
      production: opts.production ?? false,
      platformDomain: 'test.localhost',
      centreOrigin: (slug) => `http://${slug}.test.localhost:3000`,
      trustProxy: opts.trustProxy ?? false,
      devMailbox: false,
    },
  };
  // The general per-client rate limit has its own test; here one address sends hundreds of requests.
  const app = await buildTenantApp(deps, { throttles: opts.throttles ?? testThrottles(), rateLimitMax: 1_000_000 });
  return {
    app,
    centres,
    deps,
    kicks,
    eventKicks,
    events,
    deliverEvents: async () => {
      let n = 0;
      for (const c of centres) n += await events.kick(c.entry.id, pools.get(c.entry.id, c.url));
      return n;
    },
    close: async () => {
      await events.stop();
      await app.close();
      await pools.closeAll();
      await Promise.all(centres.map((c) => c.db.drop()));
    },
  };
}

export interface SeedUser {
  username: string;
  role?: string | null;
  status?: boolean;
  email?: string;
  email_confirmed?: boolean;
  pending?: boolean;
}

/** A user with a password (and a role unless `role: null`); returns the id. */
export async function seedUser(c: TestCentre, u: SeedUser): Promise<string> {
  const [row] = await c.db
    .db('users')
    .insert({
      fname: u.username,
      lname: 'Tester',
      username: u.username,
      email: u.email ?? `${u.username}@example.test`,
      password_hash: await hashPassword(PASSWORD),
      status: u.status ?? true,
      email_confirmed: u.email_confirmed ?? true,
      pending: u.pending ?? false,
    })
    .returning('id');
  if (u.role !== null) {
    await c.db.db.raw('insert into user_roles (user_id, role_id) select ?, id from roles where name = ?', [row.id, u.role ?? 'user']);
  }
  return String(row.id);
}

export interface GqlResponse<T = Record<string, any>> {
  statusCode: number;
  data: T | null;
  errors?: { message: string; extensions?: Record<string, any> }[];
  body: string;
}

export async function gql<T = Record<string, any>>(
  app: FastifyInstance,
  host: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  headers: Record<string, string> = {},
): Promise<GqlResponse<T>> {
  const res = await app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { host, 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    payload: { query, variables },
  });
  const json = res.body ? JSON.parse(res.body) : {};
  return { statusCode: res.statusCode, data: json.data ?? null, errors: json.errors, body: res.body };
}

export const LOGIN = /* GraphQL */ `
  mutation Login($username: String!, $password: String!) {
    login(username: $username, password: $password, device: "test") {
      status
      message
      color
      expires_in
      session_id
      tokens {
        access_token
        refresh_token
      }
      user {
        id
        username
        roles {
          name
        }
      }
    }
  }
`;

export async function signIn(app: FastifyInstance, host: string, username: string, password = PASSWORD) {
  const r = await gql(app, host, LOGIN, { username, password });
  const login = r.data?.login;
  if (!login?.status) throw new Error(`sign-in failed for ${username}: ${r.body}`);
  return {
    token: login.tokens.access_token as string,
    refresh: login.tokens.refresh_token as string,
    sessionId: login.session_id as string,
    userId: login.user.id as string,
  };
}

/** The newest captured email to an address (the PIN or link a person would read). */
export async function lastMailTo(c: TestCentre, email: string): Promise<{ subject: string; body_text: string } | undefined> {
  return c.db.db('outbound_messages').whereRaw('lower(recipient) = lower(?)', [email]).orderBy('id', 'desc').first('subject', 'body_text');
}
