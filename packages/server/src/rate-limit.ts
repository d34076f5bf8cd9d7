import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import { AppError, CommonError } from './errors.ts';

export interface RateLimitOptions {
  /**
   * Requests per client per window (default `RATE_LIMIT_MAX`, else 3000 a minute). A centre's
   * kiosk, staff tablets and parents' phones on its Wi-Fi share one public address at 7:45 am,
   * live pages included; 600 a minute was within reach of that. Load tests raise it further.
   */
  max?: number;
  timeWindowMs?: number;
}

/**
 * A general per-client flood guard on every route (ASVS 2.4.1), counted per host and address so
 * one centre's noisy client never spends another centre's budget. It counts in this process's
 * memory: a Redis round trip on every request was a third of the cost of a `{ __typename }`
 * answer (bench graphql-floor), and behind N instances a flood guard of N × max still stops a
 * flood. What must hold across processes — the login, PIN and code-guess throttles — is counted
 * in Redis by the operation throttles.
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions = {}): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: opts.max ?? (Number(process.env.RATE_LIMIT_MAX) || 3000),
    timeWindow: opts.timeWindowMs ?? 60_000,
    cache: 20_000,
    // Only a refused request learns about the limit (Retry-After): three headers less on every answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false, 'retry-after': true },
    keyGenerator: (request) => `${request.hostname}|${request.ip}`,
    // Thrown as an AppError so GraphQL answers carry the usual typed error (and other routes a 429).
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new AppError(CommonError.Throttled, `Too many requests. Try again in ${seconds} seconds.`, { retryAfter: seconds }, 429);
    },
  });
}
