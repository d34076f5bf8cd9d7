import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';

export interface ThrottleOptions {
  redis?: Redis;
  /** Attempts allowed per key in the window. */
  points: number;
  durationSec: number;
  /** Once exhausted, the key is blocked this long. */
  blockSec?: number;
  keyPrefix: string;
}

export interface Throttle {
  consume(key: string, points?: number): Promise<{ allowed: boolean; retryAfterMs: number }>;
  reset(key: string): Promise<void>;
}

/**
 * Counts attempts per key (an account, an IP). With Redis the count is shared by every process;
 * if Redis fails, an in-process limiter takes over so throttling degrades instead of vanishing.
 */
export function createThrottle(opts: ThrottleOptions): Throttle {
  const memory = new RateLimiterMemory({
    points: opts.points,
    duration: opts.durationSec,
    blockDuration: opts.blockSec ?? 0,
    keyPrefix: opts.keyPrefix,
  });
  const limiter: RateLimiterAbstract = opts.redis
    ? new RateLimiterRedis({
        storeClient: opts.redis,
        points: opts.points,
        duration: opts.durationSec,
        blockDuration: opts.blockSec ?? 0,
        keyPrefix: opts.keyPrefix,
        insuranceLimiter: memory,
        useRedisPackage: false,
      })
    : memory;
  return {
    async consume(key, points = 1) {
      try {
        await limiter.consume(key, points);
        return { allowed: true, retryAfterMs: 0 };
      } catch (e) {
        if (e instanceof RateLimiterRes) return { allowed: false, retryAfterMs: e.msBeforeNext };
        throw e;
      }
    },
    async reset(key) {
      await limiter.delete(key);
    },
  };
}
