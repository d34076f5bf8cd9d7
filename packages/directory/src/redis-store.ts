import type { Redis } from 'ioredis';
import type { CentreEntry, DirectoryLog } from './types.ts';

/** Default key prefix; it is also the pub/sub channel name. */
export const DIRECTORY_CHANNEL = 'kv:directory';
const REDIS_TTL_MS = 60 * 60_000;
const COMMAND_TIMEOUT_MS = 250;

// Writes only if no invalidation happened since the writer read the generation, so a lookup that
// raced an invalidation cannot put the stale row back.
const PUT_IF_GEN = `
if (redis.call('get', KEYS[1]) or '0') ~= ARGV[1] then return 0 end
redis.call('hset', KEYS[2], 'entry', ARGV[2], 'center_id', ARGV[3])
redis.call('pexpire', KEYS[2], ARGV[4])
redis.call('sadd', KEYS[3], ARGV[5])
redis.call('pexpire', KEYS[3], ARGV[4])
return 1`;

/**
 * The shared tier of the directory. Every call degrades to "not cached" when Redis is down or
 * slow: lookups then go to the control-plane database instead of failing.
 */
export function createRedisStore(redis: Redis, log: DirectoryLog, prefix = DIRECTORY_CHANNEL) {
  const GEN_KEY = `${prefix}:gen`;
  const hostKey = (host: string) => `${prefix}:host:${host}`;
  const centreKey = (id: string) => `${prefix}:centre:${id}`;

  async function safe<T>(what: string, fallback: T, fn: () => Promise<T>): Promise<T> {
    if (redis.status !== 'ready') return fallback;
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        fn(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('redis timeout')), COMMAND_TIMEOUT_MS);
        }),
      ]);
    } catch (err) {
      log.warn({ err }, `tenant directory: redis ${what} failed`);
      return fallback;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    generation: () => safe('generation', null as string | null, async () => (await redis.get(GEN_KEY)) ?? '0'),

    get: (host: string) =>
      safe('get', null as CentreEntry | null, async () => {
        const raw = await redis.hget(hostKey(host), 'entry');
        return raw ? (JSON.parse(raw) as CentreEntry) : null;
      }),

    put: (host: string, entry: CentreEntry, generation: string) =>
      safe('put', undefined, async () => {
        await redis.eval(
          PUT_IF_GEN,
          3,
          GEN_KEY,
          hostKey(host),
          centreKey(entry.id),
          generation,
          JSON.stringify(entry),
          entry.id,
          REDIS_TTL_MS,
          host,
        );
      }),

    /** Drops one centre's hosts (or every host) and tells every process to clear its LRU. */
    invalidate: (centreId?: string) =>
      safe('invalidate', undefined, async () => {
        await redis.incr(GEN_KEY);
        if (centreId) {
          const hosts = await redis.smembers(centreKey(centreId));
          await redis.del(centreKey(centreId), ...hosts.map(hostKey));
        } else {
          for (const pattern of [hostKey('*'), centreKey('*')]) {
            let cursor = '0';
            do {
              const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
              if (keys.length) await redis.del(...keys);
              cursor = next;
            } while (cursor !== '0');
          }
        }
        await redis.publish(prefix, centreId ?? '*');
      }),
  };
}
