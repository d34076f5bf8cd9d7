import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { PoolCache } from '@kv/db';
import { OutboxDispatcher, type JobQueue } from '@kv/jobs';
import type { TenantDirectory } from '@kv/directory';
import type { FileStore } from '@kv/files';
import {
  createFailureBudget,
  createSessionStore,
  createTokenService,
  type FailureBudget,
  type SessionStore,
  type TokenService,
} from '@kv/auth';
import type { Provisioner } from './modules/provisioning/provisioner.ts';
import { SqlDatabaseProvisioner } from './modules/provisioning/sql-provisioner.ts';
import { RdsServerProvisioner, type RdsOptions } from './modules/provisioning/rds-provisioner.ts';
import { createCentreChannel, type CentreChannel, type ChannelBilling } from './modules/centre-channel/service.ts';
import { createCenterBillingService } from './modules/center-billing/service.ts';
import { localIssuer, systemResolver, type CertificateIssuer, type DnsResolver } from './modules/domains/verification.ts';
import type Stripe from 'stripe';
import { stripeClientFor, type StripeConnection } from '@kv/stripe-fake';
import type { ApiProcessControl } from './modules/api-groups/processes.ts';

/** The slice of a pino logger the control plane uses (Fastify's logger fits). */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What the start script (or a test) hands the control plane; everything else has a default. */
export interface ControlPlaneDeps {
  controlDb: Knex;
  directory: TenantDirectory;
  queue: JobQueue;
  /** Platform secret: signs operator and support tokens, encrypts database-server passwords. */
  secret: string;
  /** Centres live at `<slug>.<platformDomain>`. */
  platformDomain: string;
  /** Port in links to a centre (dev: the tenant API's port); omitted for 80/443. */
  publicPort?: number;
  /** Scheme of links to a centre; `http` for `localhost`, `https` otherwise. */
  publicScheme?: 'http' | 'https';
  /** Migrated database every new centre database is copied from (one per database server). */
  tenantTemplate?: string;
  /** Prefix of centre database names (default `kv_c_`). */
  databasePrefix?: string;
  production?: boolean;
  /** Fastify `trustProxy`: false, or the proxy's address or CIDR (never a bare `true`). */
  trustProxy?: false | string;
  redis?: Redis;
  /** New RDS servers when every server is full; without it provisioning stops at NO_SERVER_CAPACITY. */
  rds?: RdsOptions;
  log?: FastifyBaseLogger;
  /** Built SPA served on the platform host (the operator console). */
  webDist?: string;
  /** `/dev/mailbox` for mail the control plane queued (embedded mode; never in production). */
  devMailbox?: boolean;
  /** Shared dispatcher (e.g. one that also drains centre outboxes); one for the control DB otherwise. */
  outbox?: OutboxDispatcher;
  /** The centres' domain-event dispatcher, when it runs in this process (a retried parked event runs at once). */
  centreEvents?: { kick(centreId: string, db: Knex): unknown };
  /** Replaces the SQL provisioner (tests inject failures through it). */
  provisioner?: Provisioner;
  throttles?: LoginThrottles;
  /** Object store (same one the tenant API uses); platform keys live under `platform/`. */
  files?: FileStore;
  /** Days a deleted centre can be restored with `undoDeleteCenter` before its purge (default `CENTRE_DELETE_GRACE_DAYS`, else 14). */
  deleteGraceDays?: number;
  /**
   * The platform's own Stripe account (platform billing): where the API is (the local fake unless
   * live) and the account's secret key; `webhookSecret` when the endpoint was made by hand (live).
   * Without it, card operations answer PAYMENT_PROVIDER_UNAVAILABLE.
   */
  stripe?: StripeConnection & { secretKey: string; webhookSecret?: string; publishableKey?: string };
  /** Google Calendar: the state key (`/internal/google/return`) and, outside production, the fake Google's routes under `/dev/google`. */
  google?: { stateKey: string; devRoutes?: (app: FastifyInstance) => Promise<void> };
  /** Custom-domain verification lookups (default `node:dns/promises`; tests pass a fake). */
  dns?: DnsResolver;
  /** Certificates for verified custom domains (default: issued at once, as locally). */
  certificates?: CertificateIssuer;
  /** The API processes serving this deployment (`getApiGroups`, `restartServer`); default: this one process, never restarted. */
  apiProcesses?: ApiProcessControl;
}

/** Operator sign-in throttles: failures only (docs/ARCHITECTURE.md "Sign-in throttling"). */
export interface LoginThrottles {
  /** Failed sign-ins per operator account. */
  account: FailureBudget;
  /** Failed sign-ins per address, unless the browser is a known device of that operator. */
  address: FailureBudget;
}

/**
 * 5 failures of one operator in 15 minutes block that operator for 15 minutes; per address, 10
 * failures are free, then each attempt waits 1 s after the last failure, doubling up to 8 s, and
 * the 30th blocks the address for 15 minutes.
 */
export const OPERATOR_THROTTLE_RULES = {
  account: { windowSec: 15 * 60, free: 5, limit: 5, blockSec: 15 * 60 },
  address: { windowSec: 15 * 60, free: 10, delay: { baseSec: 1, maxSec: 8 }, limit: 30, blockSec: 15 * 60 },
} as const;

/** Counted in Redis when there is one (shared by every process), in memory otherwise. */
export function createOperatorThrottles(redis?: Redis, opts: { now?: () => number } = {}): LoginThrottles {
  return {
    account: createFailureBudget({ redis, now: opts.now, keyPrefix: 'cp:login:account', ...OPERATOR_THROTTLE_RULES.account }),
    address: createFailureBudget({ redis, now: opts.now, keyPrefix: 'cp:login:address', ...OPERATOR_THROTTLE_RULES.address }),
  };
}

export interface RuntimeConfig {
  platformDomain: string;
  tenantTemplate: string;
  databasePrefix: string;
  production: boolean;
  trustProxy: false | string;
  /** `https://<slug>.<platformDomain>[:port]`: links are built from configuration, never from a request. */
  centreOrigin(slug: string): string;
  /** `https://<host>[:port]`: a centre's custom domain served by this deployment. */
  hostOrigin(host: string): string;
  /** `https://<platformDomain>[:port]`: the operator console and the platform's guest pages. */
  platformOrigin: string;
  /** The port of links to a centre; null on the scheme's default (443, 80). */
  publicPort: number | null;
}

/** The control plane's wiring, built once from the deps and shared by the API and the worker. */
export interface ControlPlaneRuntime {
  /** What the runtime was built from (provisioning in-process, as the funnel's setup does). */
  deps: ControlPlaneDeps;
  controlDb: Knex;
  directory: TenantDirectory;
  queue: JobQueue;
  tokens: TokenService;
  sessions: SessionStore;
  throttles: LoginThrottles;
  pools: PoolCache;
  provisioner: Provisioner;
  outbox: OutboxDispatcher;
  /** Dispatches the control DB's outbox now (after a commit that wrote to it). */
  kickOutbox(): Promise<number>;
  /**
   * Dispatches a centre database's outbox now, when the dispatcher was shared through the deps
   * (its owner also runs the centres' jobs); otherwise the tenant side's sweep picks it up.
   */
  kickCentreOutbox(centreId: string, db: Knex): void;
  /** Delivers a centre's domain events now when their dispatcher shares this process; else its next full sweep does. */
  kickCentreEvents(centreId: string, db: Knex): void;
  /** The centres' calls to the control plane (service token, purpose, input), for HTTP or in-process. */
  centreChannel: CentreChannel;
  /** Where backups live (`centre/<id>/backups/…`) and what a purge empties; null when none was given. */
  files: FileStore | null;
  /** Days between a safeguarded delete and its purge. */
  deleteGraceDays: number;
  /** The RDS client and settings when RDS is configured (database snapshots). */
  rds: RdsOptions | null;
  secret: string;
  config: RuntimeConfig;
  /** The platform's Stripe account: a client (null when none is configured) and the webhook it posts to. */
  stripe: {
    client(): Stripe | null;
    webhookUrl: string;
    webhookSecret: string | null;
    /** What Stripe.js adds a centre's card with (the fake: the secret key's `pk_` twin); null when none is configured. */
    publishableKey: string | null;
  };
  log: Log;
  dns: DnsResolver;
  certificates: CertificateIssuer;
  /** Starts the periodic outbox sweep when the runtime made its own dispatcher. */
  start(): void;
  /** Closes what the runtime opened itself (pools, its own dispatcher). */
  close(): Promise<void>;
}

export const OUTBOX_SOURCE_KEY = 'cp';

function graceDaysFromEnv(): number {
  const raw = process.env.CENTRE_DELETE_GRACE_DAYS;
  const days = raw === undefined || raw === '' ? 14 : Number(raw);
  if (!Number.isInteger(days) || days < 0 || days > 365) throw new Error('CENTRE_DELETE_GRACE_DAYS must be a whole number of days from 0 to 365.');
  return days;
}
const silent: Log = { info: () => undefined, warn: () => undefined, error: () => undefined };

const runtimes = new WeakMap<ControlPlaneDeps, ControlPlaneRuntime>();

/** One runtime per deps object, so an API and a worker in one process share pools and dispatcher. */
export function runtimeFor(deps: ControlPlaneDeps): ControlPlaneRuntime {
  let rt = runtimes.get(deps);
  if (!rt) {
    rt = createRuntime(deps);
    runtimes.set(deps, rt);
  }
  return rt;
}

function createRuntime(deps: ControlPlaneDeps): ControlPlaneRuntime {
  const scheme = deps.publicScheme ?? (deps.platformDomain === 'localhost' ? 'http' : 'https');
  const port = deps.publicPort && ![80, 443].includes(deps.publicPort) ? `:${deps.publicPort}` : '';
  const config: RuntimeConfig = {
    platformDomain: deps.platformDomain,
    tenantTemplate: deps.tenantTemplate ?? 'kv_tenant_template',
    databasePrefix: deps.databasePrefix ?? 'kv_c_',
    production: deps.production ?? process.env.NODE_ENV === 'production',
    trustProxy: deps.trustProxy ?? false,
    centreOrigin: (slug) => `${scheme}://${slug}.${deps.platformDomain}${port}`,
    hostOrigin: (host) => `${scheme}://${host}${port}`,
    platformOrigin: `${scheme}://${deps.platformDomain}${port}`,
    publicPort: port ? deps.publicPort! : null,
  };
  const log = deps.log ?? silent;
  const ownOutbox = !deps.outbox;
  const outbox =
    deps.outbox ??
    new OutboxDispatcher({
      queue: deps.queue,
      sources: () => [{ key: OUTBOX_SOURCE_KEY, db: deps.controlDb }],
      log: (msg, extra) => log.warn({ extra }, msg),
    });
  const pools = new PoolCache({ max: 2, maxOpenPools: 50, idleEvictMs: 60_000 });
  const serverProvisioner = deps.rds ? new RdsServerProvisioner(deps.controlDb, deps.secret, deps.rds, log) : undefined;
  const provisioner =
    deps.provisioner ??
    new SqlDatabaseProvisioner({
      controlDb: deps.controlDb,
      directory: deps.directory,
      templateName: config.tenantTemplate,
      serverProvisioner,
      log,
    });
  const tokens = createTokenService({ secret: deps.secret });
  let stripeClient: Stripe | null = null;
  let billing: ChannelBilling | null = null;
  const rt: ControlPlaneRuntime = {
    deps,
    controlDb: deps.controlDb,
    directory: deps.directory,
    queue: deps.queue,
    tokens,
    sessions: createSessionStore(deps.controlDb),
    throttles: deps.throttles ?? createOperatorThrottles(deps.redis),
    pools,
    provisioner,
    outbox,
    kickOutbox: () => outbox.kick(OUTBOX_SOURCE_KEY, deps.controlDb),
    kickCentreOutbox: (centreId, db) => {
      if (!ownOutbox) void outbox.kick(centreId, db);
    },
    kickCentreEvents: (centreId, db) => void deps.centreEvents?.kick(centreId, db),
    centreChannel: createCentreChannel({
      tokens,
      controlDb: deps.controlDb,
      log,
      directory: deps.directory,
      // Made on first use: the billing service needs this runtime.
      billing: () => {
        if (!billing) {
          const service = createCenterBillingService(rt);
          billing = { read: (id) => service.centreRead(id), pay: (id, input) => service.centrePay(id, input) };
        }
        return billing;
      },
    }),
    files: deps.files ?? null,
    deleteGraceDays: deps.deleteGraceDays ?? graceDaysFromEnv(),
    rds: deps.rds ?? null,
    secret: deps.secret,
    config,
    stripe: {
      client: () => (deps.stripe ? (stripeClient ??= stripeClientFor(deps.stripe, deps.stripe.secretKey)) : null),
      webhookUrl: `${scheme}://${deps.platformDomain}${port}/webhooks/stripe`,
      webhookSecret: deps.stripe?.webhookSecret ?? null,
      publishableKey: deps.stripe
        ? (deps.stripe.publishableKey ?? (deps.stripe.mode === 'fake' ? deps.stripe.secretKey.replace(/^sk_/, 'pk_') : null))
        : null,
    },
    log,
    dns: deps.dns ?? systemResolver,
    certificates: deps.certificates ?? localIssuer,
    start() {
      if (ownOutbox) outbox.start();
    },
    async close() {
      if (ownOutbox) await outbox.stop();
      await provisioner.settle?.();
      await pools.closeAll();
    },
  };
  return rt;
}
