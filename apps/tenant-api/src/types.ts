import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { CentreEntry } from '@kv/directory';
import type { PoolCache } from '@kv/db';
import type { ControlPlaneClient, FailureBudget, TokenService, Throttle } from '@kv/auth';
import type { RoleName } from '@kv/shared';
import type { FileStore } from '@kv/files';
import type { UserRow } from './modules/access/index.ts';
import type { DevOriginSource } from './modules/watching/index.ts';

export type { CentreEntry };

export interface TenantApiConfig {
  production: boolean;
  /** Hosts under this domain are `<slug>.<platformDomain>`. */
  platformDomain: string;
  /** Public origin of a centre, for links in emails (never built from the request's Host). */
  centreOrigin(slug: string): string;
  /** Fastify `trustProxy`: false, or the proxy's address/CIDR/hop count. Never a bare `true`. */
  trustProxy: false | string;
  /** Embedded mode: mail/SMS/push are captured and listed on /dev/mailbox. */
  devMailbox: boolean;
  /** Built SPA to serve, if any. */
  webDist?: string;
  /** Encrypts streaming-server secrets at rest (≥ 32 characters). Required in production. */
  mediaSecretKey?: string;
  /** Shared secret the streaming server's auth callback presents. Required in production. */
  mediaAuthSecret?: string;
  /** Seed of the playback-token signing key, the same on every API process. */
  mediaJwtSeed?: string;
  /** Google Calendar (issue 21); without it the Google operations answer GOOGLE_UNAVAILABLE. */
  google?: GoogleCalendarConfig;
  /** Twilio's auth token: inbound SMS webhooks are signed with it (outside production a fixed dev token stands in). */
  twilioAuthToken?: string;
  /** Card payments (billing/stripe): where the stripe SDK goes and the key that encrypts Stripe secrets at rest. */
  stripe?: StripeConfig;
}

/** Where Google is (the real one, or the fake under `/dev/google` in tests and `npm start`) and our keys. */
export interface GoogleCalendarConfig {
  authUrl: string;
  tokenUrl: string;
  revokeUrl: string;
  /** The Calendar API base, e.g. `https://www.googleapis.com/calendar/v3`. */
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** The one redirect URI registered at Google: `/oauth2callback` on the platform host. */
  redirectUri: string;
  /** Signs the consent's `state` (the platform host derives the same key, purpose `google-state`). */
  stateKey: string;
  /** Encrypts refresh and access tokens at rest (`encryptSecret`, ≥ 32 characters). */
  tokenKey: string;
  /** Tests route the calls to the in-process fake. */
  fetch?: typeof fetch;
}

/**
 * `fake` (default locally and in tests): the SDK talks to @kv/stripe-fake at host:port; `live`:
 * api.stripe.com. `secretKey` (≥ 32 characters) encrypts the centres' secret keys; required in production.
 */
export interface StripeConfig {
  mode: 'fake' | 'live';
  host?: string;
  port?: number;
  protocol?: 'http' | 'https';
  secretKey?: string;
}

export interface DirectoryReader {
  resolve(host: string): Promise<CentreEntry | null>;
  connectionUrl(entry: CentreEntry): Promise<string>;
}

export interface OutboxKicker {
  /** Drains a centre's outbox into the job queue right after a commit. */
  kick(centreId: string, db: Knex): void;
}

export interface EventKicker {
  /** Delivers a centre's domain events (see `emit`, @kv/jobs) right after a commit that wrote some. */
  kick(centreId: string, db: Knex): void;
}

export interface TenantApiDeps {
  directory: DirectoryReader;
  pools: PoolCache;
  tokens: TokenService;
  outbox: OutboxKicker;
  events: EventKicker;
  /** Calls to the control plane as the request's centre (catalogues, the centre's plan). */
  controlPlane: ControlPlaneClient;
  redis?: Redis;
  config: TenantApiConfig;
  /** The built-in HLS origin for demo cameras (embedded mode only). */
  devOrigin?: DevOriginSource;
  /** Where uploads live (S3 or the local store); without it uploads answer FILES_UNAVAILABLE. */
  files?: FileStore;
}

/** The numbers are in plugins/app/throttles.ts; the rule in docs/ARCHITECTURE.md "Sign-in throttling". */
export interface Throttles {
  /** Failed sign-ins per centre and account. */
  account: FailureBudget;
  /** Failed sign-ins, and wrong codes, per centre and address (spraying): progressive delay, then a block. */
  address: FailureBudget;
  /** Mails sent by guest operations (sign-up, reset, resend), per centre and address. */
  mailIp: Throttle;
  /** Mails sent by guest operations, per centre and address they go to. */
  mailTarget: Throttle;
  /** PIN and code guesses of the kiosk and of signed-in operations, per centre and address. */
  verifyIp: Throttle;
}

/** The guarded attempts of one GraphQL request (plugins/app/attempt-guard.ts). */
export interface AttemptGuard {
  /**
   * The outcome of one occurrence of a guarded operation (for `login`, of that username): a
   * failure stays counted, anything else gives its points back.
   */
  settle(operation: string, failed: boolean, subject?: string): Promise<void>;
  /** After a successful sign-in: the browser keeps a known-device cookie for this user. */
  knownDevice(userId: string): Promise<void>;
}

export interface Viewer {
  id: string;
  /** Highest role; drives the role ladder checks. */
  role: RoleName;
  roles: RoleName[];
  /** Permission names through the roles, read with the session (absent on hand-made test viewers). */
  permissions?: ReadonlySet<string>;
  sessionId: string;
  issuedAt: number;
  /** Location ids read with the session, by relation (absent on hand-made test viewers). */
  locationIds?: { managed: string[]; member: string[]; children: string[] };
  /** The viewer's User row as read with the session (absent on hand-made test viewers). */
  user?: UserRow;
  /** A platform support session; `mode` read (the default when absent) refuses every mutation but sign-out. */
  support: { operator: string; sessionId: string; expiresAt: Date; mode?: 'read' | 'write' } | null;
}

/** Everything a resolver may use, built once per request. */
export interface RequestContext {
  tenant: CentreEntry;
  db: Knex;
  viewer: Viewer | null;
  ip: string;
  userAgent: string | null;
  deps: TenantApiDeps;
  throttles: Throttles;
  /** Set on requests that carry a guarded operation (sign-in, codes, guest mail). */
  guard?: AttemptGuard;
  /** The request's logger, for what must not fail the request (tests may leave it out). */
  log?: { warn(obj: object, msg: string): void };
  /** Mercurius's pubsub, on every context when subscriptions are on (live updates: attendance/live.ts). */
  pubsub?: LivePubSub;
}

/** Topics carry what their publisher gives them: `T` is the payload a topic's publisher sends. */
export interface LivePubSub {
  subscribe<T>(topic: string): Promise<AsyncIterable<T>>;
  publish<T>(event: { topic: string; payload: T }, callback?: () => void): unknown;
}
