import http from 'node:http';
import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import { Redis } from 'ioredis';
import { PoolCache, createKnex, poolPlan, createDatabase, databaseExists, dropDatabase, migrateLatest, withDatabase } from '@kv/db';
import { createJobQueue, EventDispatcher, OutboxDispatcher, type JobQueue } from '@kv/jobs';
import { createTenantDirectory, normaliseHost, type TenantDirectory, type CentreEntry } from '@kv/directory';
import { createMessageSender, messageSenderOptionsFromEnv, registerMessageJobs } from '@kv/messaging';
import { createControlPlaneClient, createTokenService, httpTransport, inProcessTransport } from '@kv/auth';
import {
  buildTenantApp,
  registerTenantEvents,
  registerTenantJobs,
  startCameraSweep,
  startDevOrigin,
  startTenantSchedules,
  type GoogleCalendarConfig,
} from '@kv/tenant-api';
import {
  buildControlPlaneApp,
  ensureTenantTemplate,
  migrateTenants,
  registerControlPlaneJobs,
  registerDatabaseServer,
  runtimeFor,
  createRequestMeter,
  ecsProcessesFromEnv,
  singleProcess,
  type ApiProcessControl,
  type ControlPlaneDeps,
  type RequestMeter,
} from '@kv/control-plane';
import type { FastifyInstance } from 'fastify';
import { createFileStore, type FileStore } from '@kv/files';
import { createFakeGoogle, createLogger, type Logger } from '@kv/server';
import {
  DATA_DIR,
  platformSecret,
  startPostgres,
  startRedis,
  startStripe,
  type PostgresHandle,
  type RedisHandle,
  type StripeHandle,
} from './services.ts';
import { drainable } from './drain.ts';

export interface PlatformOptions {
  port: number;
  platformDomain: string;
  log: (line: string) => void;
  /** Serve the built SPA from this folder. */
  webDist?: string;
  production?: boolean;
  /** Prefix of every database this platform creates (default `kv_`); test runs use their own. */
  databasePrefix?: string;
  /** The servers' logger; default: `createLogger()` (LOG_LEVEL, pretty in a terminal). */
  logger?: Logger;
  /**
   * Postgres, Redis or the Stripe fake another process started (a cluster's primary starts them
   * for itself and its workers); stop() leaves those running. Those not given are started here
   * and stopped by stop().
   */
  services?: { pg?: PostgresHandle; redis?: RedisHandle; stripe?: StripeHandle };
  /** Serve HTTP on `port` (default true); a cluster primary migrates, runs jobs and seeds without serving. */
  listen?: boolean;
  /** Processes sharing the Postgres server's connections (a cluster: primary + workers + one successor); default 1. */
  connectionShare?: number;
  /** The API processes `getApiGroups` and `restartServer` see; default: this one process (ECS_CLUSTER + ECS_SERVICE: the ECS service, before either). */
  apiProcesses?: (meter: RequestMeter) => ApiProcessControl;
}

export interface Platform {
  server: http.Server;
  controlDb: Knex;
  queue: JobQueue;
  directory: TenantDirectory;
  /** The centre pools of the tenant side (benchmarks read how many were opened). */
  pools: PoolCache;
  cpDeps: ControlPlaneDeps;
  tenantApp: FastifyInstance;
  controlApp: FastifyInstance;
  adminUrl: string;
  redisUrl: string | undefined;
  /** Where uploads live (S3 or `.data/files`); the demo seed stores its photos there. */
  files: FileStore;
  /** Requests in flight and served by this process's server. */
  meter: RequestMeter;
  /** The services this platform runs on (a cluster primary hands them to its workers). */
  services: { pg: PostgresHandle; redis: RedisHandle; stripe: StripeHandle };

  /** Database of an active centre, by id (seeding, jobs). */
  centreDb(centreId: string): Promise<Knex>;
  /** The web origin of a centre's host (links in seeded mail). */
  centreOrigin(slug: string): string;
  /** Starts every active centre's recurring jobs (call after provisioning). */
  startSchedules(): Promise<void>;
  /**
   * Stops taking connections, closes idle keep-alive connections at once, lets requests in flight
   * finish (answered with `Connection: close`) for up to `graceMs`, then closes what is left.
   * Resolves with the number of requests still in flight at the deadline (cut).
   */
  drain(graceMs?: number): Promise<number>;
  /** Stops everything; `dropDatabases` removes every database it created (throw-away test runs). */
  stop(opts?: { dropDatabases?: boolean }): Promise<void>;
}

/**
 * Starts everything `npm start` serves on one port: Postgres (embedded or DATABASE_URL), Redis if
 * available, the control plane on the platform host and the tenant API on every centre host, the
 * job workers, the outbox and the domain-event dispatchers.
 */
export async function startPlatform(opts: PlatformOptions): Promise<Platform> {
  const { log } = opts;
  const logger = opts.logger ?? createLogger();
  const pg = opts.services?.pg ?? (await startPostgres(log));
  const redisHandle = opts.services?.redis ?? (await startRedis(log));
  const secret = platformSecret();

  const prefix = opts.databasePrefix ?? 'kv_';
  const CONTROL_DATABASE = `${prefix}control`;
  const TENANT_TEMPLATE = `${prefix}tenant_template`;
  const admin = createKnex(pg.adminUrl, { max: 2 });
  if (!(await databaseExists(admin, CONTROL_DATABASE))) await createDatabase(admin, CONTROL_DATABASE);
  const controlDb = createKnex(withDatabase(pg.adminUrl, CONTROL_DATABASE), { max: 6 });
  const cp = await migrateLatest(controlDb, 'controlPlane');
  if (cp.applied.length) log(`Control plane migrated: ${cp.applied.length} migration(s)`);
  const template = await ensureTenantTemplate(admin, TENANT_TEMPLATE);
  if (template.applied.length) log(`Tenant template migrated: ${template.applied.length} migration(s)`);
  // Databases are cheap to hold; connections are what a server runs out of, and the pool plan below
  // bounds those whatever the number of centres (200, the column's default, stopped the benchmarks).
  await registerDatabaseServer(controlDb, { name: 'primary', kind: pg.kind, url: pg.adminUrl, maxDatabases: 1000 }, secret);

  const redis = redisHandle.url ? new Redis(redisHandle.url, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  redis?.on('error', () => undefined); // reads fall back to the database; the queue logs its own outages
  const directory = createTenantDirectory({
    controlDb,
    redis,
    platformDomain: opts.platformDomain,
    secret,
    redisPrefix: `${prefix}directory`,
  });
  await directory.subscribe();
  // New tenant migrations came with this code: bring the existing centres to it before serving
  // them, as a deploy runs `migrate-tenants` (one line per centre; a failed centre is reported).
  const behind = await controlDb('centers')
    .whereIn('status', ['active', 'suspended'])
    .andWhere((q) => q.whereNull('schema_version').orWhereNot('schema_version', template.version ?? ''))
    .count({ n: '*' })
    .first();
  if (Number(behind?.n ?? 0) > 0) {
    log(`Migrating ${behind!.n} centre database(s) to ${template.version}`);
    const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const failed = await migrateTenants({
      controlDb,
      directory,
      templateName: TENANT_TEMPLATE,
      dryRun: false,
      out: (line) => log(`[migrate] ${line}`),
      log: silentLog,
    });
    if (failed) log('Some centre databases could not be migrated (listed above); those centres may answer errors.');
  }
  const queue = createJobQueue({ redisUrl: redisHandle.url, prefix: `${prefix}jobs`, log: (m) => log(`[jobs] ${m}`) });
  const maxConnections = Number((await admin.raw('show max_connections')).rows[0].max_connections);
  // Processes on one server share its connections: each plans for its share of the budget.
  const share = Math.max(1, opts.connectionShare ?? 1);
  const plan = poolPlan(Math.floor(maxConnections / share));
  log(
    `Centre pools: up to ${plan.maxOpenPools} open, ${plan.max} connections each (Postgres max_connections ${maxConnections}${share > 1 ? `, shared by ${share} processes` : ''})`,
  );
  const pools = new PoolCache({ ...plan, idleEvictMs: 10 * 60_000 });

  async function entryById(id: string): Promise<CentreEntry> {
    const row = await controlDb('centers').where({ id }).first('slug');
    const entry = row && (await directory.resolve(`${row.slug}.${opts.platformDomain}`));
    if (!entry) throw new Error(`Unknown centre ${id}`);
    return entry;
  }
  async function centreDb(id: string): Promise<Knex> {
    const entry = await entryById(id);
    return pools.get(entry.id, await directory.connectionUrl(entry));
  }
  // Background work visits centres (the outbox and camera sweeps, a full pass every 10 min;
  // recurring jobs): through the request pools it would open a pool for each and push busy centres
  // out of their LRU. It uses a centre's request pool when that is open (without counting a use),
  // else a small pool cache of its own (one connection each, a few centres at a time).
  const jobPools = new PoolCache({ max: 1, maxOpenPools: 16, idleEvictMs: 60_000 });
  async function backgroundDb(id: string): Promise<Knex> {
    const entry = await entryById(id);
    const url = await directory.connectionUrl(entry);
    return pools.peek(entry.id, url) ?? jobPools.get(entry.id, url);
  }

  const activeCentreIds = async () => (await controlDb('centers').where({ status: 'active' }).select('id')).map((c) => String(c.id));

  const outbox = new OutboxDispatcher({
    queue,
    log: (m) => log(`[outbox] ${m}`),
    sources: async () => {
      // Each centre's database is opened when its turn comes, not all before the sweep starts.
      const centres = (await activeCentreIds()).map((id) => ({ key: id, open: () => backgroundDb(id) }));
      return [{ key: 'cp', db: controlDb }, ...centres];
    },
  });

  // Domain events, delivered by the same rule: a kick after the commit that emitted, a sweep of
  // the centres with a delivery due, every centre at start and every 10 min.
  const events = new EventDispatcher({
    log: (m) => log(`[events] ${m}`),
    // A second for a burst of commits to join one delivery batch (the morning rush's check-ins).
    kickDelayMs: 1000,
    sources: async () => (await activeCentreIds()).map((id) => ({ key: id, open: () => backgroundDb(id) })),
    onOutbox: (id, db) => void outbox.kick(id, db),
  });

  const cpDeps: ControlPlaneDeps = {
    controlDb,
    directory,
    queue,
    secret,
    platformDomain: opts.platformDomain,
    publicPort: opts.port,
    tenantTemplate: TENANT_TEMPLATE,
    databasePrefix: `${prefix}c_`,
    production: opts.production,
    // Behind the same proxy as the tenant API: the funnel's per-address throttles see the client's address.
    trustProxy: process.env.TRUST_PROXY || false,
    redis,
    outbox,
    centreEvents: events,
    webDist: opts.webDist,
    devMailbox: process.env.MESSAGING_MODE !== 'live',
    log: logger.child({ app: 'control-plane' }),
  };
  const meter = createRequestMeter();
  // ECS_CLUSTER + ECS_SERVICE: the group is the ECS service (its tasks), whatever runs inside each task.
  const ecs = ecsProcessesFromEnv(controlDb);
  if (ecs && opts.listen !== false) log(`API processes: ECS service ${ecs.target.service} in cluster ${ecs.target.cluster}`);
  cpDeps.apiProcesses = ecs ?? (opts.apiProcesses ?? singleProcess)(meter);
  const scheme = opts.platformDomain === 'localhost' ? 'http' : 'https';
  const portSuffix = [80, 443].includes(opts.port) ? '' : `:${opts.port}`;
  const centreOrigin = (slug: string) => `${scheme}://${slug}.${opts.platformDomain}${portSuffix}`;
  // Purpose-bound keys derived from the one platform secret.
  const derive = (purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url');
  // Google Calendar: the real Google when GOOGLE_CLIENT_ID is set, else the fake under /dev/google on the platform host.
  const platformOrigin = `${scheme}://${opts.platformDomain}${portSuffix}`;
  const fakeGoogle =
    process.env.GOOGLE_CLIENT_ID || opts.production ? null : createFakeGoogle({ clientId: 'kv-dev-client', clientSecret: 'kv-dev-secret' });
  const googleBase = `${platformOrigin}/dev/google`;
  const google: GoogleCalendarConfig = {
    authUrl: fakeGoogle ? `${googleBase}/o/oauth2/auth` : 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: fakeGoogle ? `${googleBase}/token` : 'https://oauth2.googleapis.com/token',
    revokeUrl: fakeGoogle ? `${googleBase}/revoke` : 'https://oauth2.googleapis.com/revoke',
    apiBase: fakeGoogle ? `${googleBase}/calendar/v3` : 'https://www.googleapis.com/calendar/v3',
    clientId: process.env.GOOGLE_CLIENT_ID || 'kv-dev-client',
    clientSecret: process.env.GOOGLE_CLIENT_SECRET || 'kv-dev-secret',
    redirectUri: `${platformOrigin}/oauth2callback`,
    stateKey: derive('google-state'),
    tokenKey: derive('google-token-key'),
  };
  cpDeps.google = { stateKey: google.stateKey, devRoutes: fakeGoogle?.routes };
  // S3 when S3_BUCKET is set, else files under .data/files served by the tenant app.
  const files = createFileStore({ dataDir: DATA_DIR, secret: derive('files-local') });
  // The control plane keeps the platform's template images (`platform/`) and the centres' backups in the same store.
  cpDeps.files = files;
  // Card payments: the local Stripe fake unless STRIPE_MODE=live; centres' Stripe secrets are encrypted with a derived key.
  const stripeHandle = opts.services?.stripe ?? (await startStripe(log, derive('stripe-secret-key')));
  // The platform's own account (platform billing): the fake's `sk_test_kvplatform`, or STRIPE_PLATFORM_SECRET_KEY when live.
  const platformKey = stripeHandle.config.mode === 'live' ? process.env.STRIPE_PLATFORM_SECRET_KEY : 'sk_test_kvplatform';
  if (platformKey)
    cpDeps.stripe = {
      ...stripeHandle.config,
      secretKey: platformKey,
      webhookSecret: process.env.STRIPE_PLATFORM_WEBHOOK_SECRET || undefined,
      publishableKey: process.env.STRIPE_PLATFORM_PUBLISHABLE_KEY || undefined,
    };
  log(`Files: ${files.kind === 's3' ? `S3 bucket ${process.env.S3_BUCKET}` : `local store in ${path.join(DATA_DIR, 'files')}`}`);
  const cpJobs = registerControlPlaneJobs(queue, cpDeps);
  // The centres' calls to the control plane: in this process, or over HTTP when it runs elsewhere.
  const tenantTokens = createTokenService({ secret });
  const controlPlane = createControlPlaneClient({
    tokens: tenantTokens,
    transport: process.env.CONTROL_PLANE_URL ? httpTransport(process.env.CONTROL_PLANE_URL) : inProcessTransport(runtimeFor(cpDeps).centreChannel),
  });
  registerTenantJobs(queue, {
    controlPlane,
    dbFor: backgroundDb,
    entryFor: entryById,
    centreOrigin,
    kick: (id, db) => void outbox.kick(id, db),
    files,
    google,
    stripe: { production: Boolean(opts.production), stripe: stripeHandle.config },
  });
  registerTenantEvents(events, { entryFor: entryById });
  registerMessageJobs(queue, {
    dbFor: (id) => (id === null ? Promise.resolve(controlDb) : backgroundDb(id)),
    sender: createMessageSender(messageSenderOptionsFromEnv()),
  });
  await queue.start();
  /** Starts each active centre's recurring jobs (idempotent; also after provisioning a centre). */
  async function startSchedules(): Promise<void> {
    for (const id of await activeCentreIds()) {
      const db = await backgroundDb(id);
      await startTenantSchedules(db, await entryById(id));
      void outbox.kick(id, db);
    }
  }
  await startSchedules();
  outbox.start();
  events.start();

  const devMailbox = cpDeps.devMailbox ?? false;
  const media = {
    mediaSecretKey: derive('media-secret-key'),
    mediaAuthSecret: derive('media-auth'),
    mediaJwtSeed: derive('media-jwt-seed'),
  };
  // The built-in HLS origin stands in for real cameras outside production (ffmpeg test pattern, or a shipped clip).
  const devOrigin = opts.production ? undefined : startDevOrigin();
  const sweep = startCameraSweep({
    centres: activeCentreIds,
    hotCentres: () => pools.openKeys(),
    dbFor: backgroundDb,
    secretKey: media.mediaSecretKey,
    jwtSeed: media.mediaJwtSeed,
    onError: (err, id) => log(`[cameras] sweep of centre ${id} failed: ${String(err)}`),
  });
  const tenantApp = await buildTenantApp(
    {
      directory,
      pools,
      tokens: tenantTokens,
      outbox: { kick: (id, db) => void outbox.kick(id, db) },
      events: { kick: (id, db) => void events.kick(id, db) },
      controlPlane,
      redis,
      devOrigin,
      files,
      config: {
        ...media,
        production: Boolean(opts.production),
        platformDomain: opts.platformDomain,
        centreOrigin,
        trustProxy: process.env.TRUST_PROXY || false,
        devMailbox,
        webDist: opts.webDist,
        google,
        twilioAuthToken: process.env.TWILIO_AUTH_TOKEN || undefined,
        stripe: stripeHandle.config,
      },
    },
    { log: logger.child({ app: 'tenant-api' }) },
  );
  const controlApp = await buildControlPlaneApp(cpDeps);
  await Promise.all([tenantApp.ready(), controlApp.ready()]);

  // One port: the platform host goes to the control plane, every other host to the tenant API.
  const server: http.Server = http.createServer((req, res) =>
    drains.handle(req, res, () => {
      const host = normaliseHost(req.headers.host);
      (host === opts.platformDomain ? controlApp : tenantApp).routing(req, res);
    }),
  );
  const drains = drainable(server, meter);
  // As Fastify sets its own servers (Node's default is 5 s): idle keep-alive connections outlive a
  // load balancer's 60 s idle timeout, so a client or proxy never sends a request on a connection
  // the server is closing at that moment (an ECONNRESET for the caller).
  server.keepAliveTimeout = 72_000;
  // WebSocket upgrades (GraphQL subscriptions) go to the same app as the host's HTTP requests.
  server.on('upgrade', (req, socket, head) => {
    const host = normaliseHost(req.headers.host);
    (host === opts.platformDomain ? controlApp : tenantApp).server.emit('upgrade', req, socket, head);
  });
  if (opts.listen !== false) await new Promise<void>((resolve) => server.listen(opts.port, resolve));
  const services = { pg, redis: redisHandle, stripe: stripeHandle };


  return {
    server,
    controlDb,
    queue,
    directory,
    pools,
    cpDeps,
    tenantApp,
    controlApp,
    centreDb,
    centreOrigin,
    startSchedules,
    adminUrl: pg.adminUrl,
    redisUrl: redisHandle.url,
    files,
    meter,
    services,
    drain: (graceMs = 30_000) => drains.drain(graceMs),
    stop: async ({ dropDatabases = false } = {}) => {
      if (server.listening) {
        const closed = new Promise((r) => server.close(r));
        server.closeAllConnections();
        await closed;
      }
      await Promise.allSettled([tenantApp.close(), controlApp.close()]);
      sweep.stop();
      await devOrigin?.close();
      if (!opts.services?.stripe) await stripeHandle.stop();
      await events.stop();
      await outbox.stop();
      await cpJobs.close();
      await queue.close();
      await directory.close();
      await pools.closeAll();
      await jobPools.closeAll();
      await controlDb.destroy();
      if (dropDatabases) {
        const rows = await admin.raw('select datname from pg_database where datname like ?', [`${prefix.replace(/_/g, '\\_')}%`]);
        for (const r of rows.rows as { datname: string }[]) await dropDatabase(admin, r.datname);
      }
      await admin.destroy();
      redis?.disconnect();
      if (!opts.services?.redis) await redisHandle.stop();
      if (!opts.services?.pg) await pg.stop();
    },
  };
}

export const repoRoot = path.resolve(new URL('../..', import.meta.url).pathname);
