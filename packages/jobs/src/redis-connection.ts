import { Redis, type RedisOptions } from 'ioredis';
import type { JobLog } from './types.ts';

/** Reconnect forever, quickly at first, then every 5 s. */
export function reconnectDelay(times: number): number {
  return Math.min(times * 250, 5000);
}

/**
 * An ioredis connection whose errors are logged (never thrown at the process), once per outage
 * rather than once per reconnect attempt.
 */
export function createRedis(url: string, role: string, log: JobLog, opts: RedisOptions): Redis {
  const redis = new Redis(url, { retryStrategy: reconnectDelay, ...opts });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log(`redis ${role} connection error: ${err.message}`);
  });
  redis.on('ready', () => {
    if (down) log(`redis ${role} connection restored`);
    down = false;
  });
  return redis;
}

/** Logs a repeated message (same text) at most once per window: reconnect loops repeat themselves. */
export function throttled(log: JobLog, windowMs = 30_000): JobLog {
  const last = new Map<string, number>();
  return (msg, extra) => {
    const now = Date.now();
    if ((last.get(msg) ?? -Infinity) > now - windowMs) return;
    if (last.size > 100) last.clear();
    last.set(msg, now);
    log(msg, extra);
  };
}
