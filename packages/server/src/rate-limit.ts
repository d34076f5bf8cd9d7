import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { AppError, CommonError } from './errors.ts';

export interface RateLimitOptions {
  redis?: Redis;
  /**
   * Requests per client per window (default `RATE_LIMIT_MAX`, else 600 a minute: a busy kiosk,
   * never a scraper). Load tests from one address raise it through the variable.
   */
  max?: number;
  timeWindowMs?: number;
}

/**
 * A general per-client limit on every route (ASVS 2.4.1), counted per host and address so one
 * centre's noisy client never spends another centre's budget. With Redis the count is shared by
 * every process; if Redis fails the request goes through (operation throttles still apply).
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions = {}): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: opts.max ?? (Number(process.env.RATE_LIMIT_MAX) || 600),
    timeWindow: opts.timeWindowMs ?? 60_000,
    redis: opts.redis,
    nameSpace: 'kv:rate:',
    skipOnError: true,
    keyGenerator: (request) => `${request.hostname}|${request.ip}`,
    // Thrown as an AppError so GraphQL answers carry the usual typed error (and other routes a 429).
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(CommonError.Throttled, `Too many requests. Try again in ${seconds} seconds.`, { retryAfter: seconds }, 429);
    },
  });
}
