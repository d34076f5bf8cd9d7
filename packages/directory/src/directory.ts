import type { Knex } from 'knex';
import type { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import { withDatabase } from '@kv/db';
import { normaliseHost, platformSubdomain } from './host.ts';
import { decryptSecret } from './crypto.ts';
import { findCentreByHost, findServerCredentials } from './repo.ts';
import { createRedisStore, DIRECTORY_CHANNEL } from './redis-store.ts';
import type { CentreEntry, DirectoryLog } from './types.ts';

export interface TenantDirectoryOptions {
  controlDb: Knex;
  redis?: Redis;
  /** Centres live at `<slug>.<platformDomain>` (e.g. `localhost`, `kidsvision.app`). */
  platformDomain: string;
  /** In-process cache lifetime of a found host; misses are kept for at most a fifth of it. */
  ttlMs?: number;
  /** Platform secret that decrypts database-server passwords. */
  secret: string;
  log?: DirectoryLog;
  /** Redis key prefix and pub/sub channel; `kv:directory` unless several platforms share one Redis (tests). */
  redisPrefix?: string;
}

export interface TenantDirectory {
  /** The centre serving this Host header (any case, port or trailing dot), or null. */
  resolve(host: string | undefined): Promise<CentreEntry | null>;
  /** Connection URL of the centre's own database. */
  connectionUrl(entry: Pick<CentreEntry, 'database_server_id' | 'database_name'>): Promise<string>;
  /** Connection URL of a database server's maintenance database (`postgres`), for DDL. */
  serverUrl(serverId: string): Promise<string>;
  /** Forgets one centre (or everything) here, in Redis, and in every subscribed process. */
  invalidate(centreId?: string): Promise<void>;
  /** Listens for other processes' invalidations. */
  subscribe(): Promise<void>;
  close(): Promise<void>;
}

interface Slot {
  entry: CentreEntry | null;
}

const SERVER_URL_TTL_MS = 5 * 60_000;
const consoleLog: DirectoryLog = { warn: (obj, msg) => console.warn(msg, obj) };

export function createTenantDirectory(opts: TenantDirectoryOptions): TenantDirectory {
  const ttl = opts.ttlMs ?? 5000;
  const log = opts.log ?? consoleLog;
  const local = new LRUCache<string, Slot>({ max: 10_000, ttl });
  // Decrypted server URLs live only in this process's memory, never in Redis.
  const serverUrls = new LRUCache<string, string>({ max: 1000, ttl: SERVER_URL_TTL_MS });
  const inflight = new Map<string, Promise<CentreEntry | null>>();
  // Per cached entry (refetched every `ttl`): every GraphQL request asks for its centre's URL.
  const entryUrls = new WeakMap<object, string>();
  const channel = opts.redisPrefix ?? DIRECTORY_CHANNEL;
  const store = opts.redis ? createRedisStore(opts.redis, log, channel) : null;
  let generation = 0;
  let subscriber: Redis | undefined;

  function forgetLocally(centreId?: string): void {
    generation++;
    inflight.clear();
    if (!centreId) {
      local.clear();
      serverUrls.clear();
      return;
    }
    // A miss may be the host a new domain of this centre now answers to, so misses go too.
    for (const [host, slot] of local.entries()) if (!slot.entry || slot.entry.id === centreId) local.delete(host);
  }

  async function lookup(host: string): Promise<CentreEntry | null> {
    const seen = generation;
    const sharedGen = store ? await store.generation() : null;
    let entry = store ? await store.get(host) : null;
    if (!entry) {
      entry = await findCentreByHost(opts.controlDb, host, platformSubdomain(host, opts.platformDomain));
      if (entry && store && sharedGen !== null) await store.put(host, entry, sharedGen);
    }
    if (seen === generation) local.set(host, { entry }, entry ? {} : { ttl: Math.max(1, Math.floor(ttl / 5)) });
    return entry;
  }

  async function serverUrl(serverId: string): Promise<string> {
    const cached = serverUrls.get(serverId);
    if (cached) return cached;
    const row = await findServerCredentials(opts.controlDb, serverId);
    if (!row || !row.host || !row.port || !row.admin_user) throw new Error(`Database server ${serverId} has no usable endpoint`);
    const password = row.password_encrypted ? decryptSecret(row.password_encrypted, opts.secret) : '';
    const auth = `${encodeURIComponent(row.admin_user)}${password ? `:${encodeURIComponent(password)}` : ''}`;
    const host = row.host.includes(':') ? `[${row.host}]` : row.host;
    const url = `postgres://${auth}@${host}:${row.port}/postgres`;
    serverUrls.set(serverId, url);
    return url;
  }

  return {
    serverUrl,

    async resolve(raw) {
      const host = normaliseHost(raw);
      if (!host) return null;
      const hit = local.get(host);
      if (hit) return hit.entry;
      let pending = inflight.get(host);
      if (!pending) {
        pending = lookup(host).finally(() => inflight.delete(host));
        inflight.set(host, pending);
      }
      return pending;
    },

    async connectionUrl(entry) {
      const known = entryUrls.get(entry);
      if (known) return known;
      if (!entry.database_server_id || !entry.database_name) throw new Error('The centre has no database yet');
      const url = withDatabase(await serverUrl(entry.database_server_id), entry.database_name);
      entryUrls.set(entry, url);
      return url;
    },

    async invalidate(centreId) {
      forgetLocally(centreId);
      await store?.invalidate(centreId);
    },

    async subscribe() {
      if (!opts.redis || subscriber) return;
      subscriber = opts.redis.duplicate();
      subscriber.on('error', (err) => log.warn({ err }, 'tenant directory: subscriber error'));
      subscriber.on('message', (from: string, message: string) => {
        if (from === channel) forgetLocally(message === '*' ? undefined : message);
      });
      await subscriber.subscribe(channel);
    },

    async close() {
      local.clear();
      serverUrls.clear();
      if (subscriber) {
        const s = subscriber;
        subscriber = undefined;
        await s.quit().catch(() => s.disconnect());
      }
    },
  };
}
