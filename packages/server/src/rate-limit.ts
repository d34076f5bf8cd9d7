import type { FastifyInstance } from 'fastify';
import { CommonError } from './errors.ts';

export interface RateLimitOptions {
  /**
   * Requests per client per window (default `RATE_LIMIT_MAX`, else 3000 a minute). A centre's
   * kiosk, staff tablets and parents' phones on its Wi-Fi share one public address at 7:45 am,
   * live pages included; 600 a minute was within reach of that. Load tests raise it further.
   */
  max?: number;
  timeWindowMs?: number;
}

/** Clients tracked per window; past it a new client goes uncounted until the window turns. */
const MAX_TRACKED = 50_000;

/**
 * A general per-client flood guard on every route (ASVS 2.4.1), counted per host and address so
 * one centre's noisy client never spends another centre's budget. A fixed window counted in this
 * process's memory: one map lookup per request (a Redis round trip was a third of the cost of a
 * `{ __typename }` answer, and @fastify/rate-limit's per-key timers and headers most of the
 * rest, bench graphql-floor). Behind N instances a flood guard of N × max still stops a flood.
 * What must hold across processes — the login, PIN and code-guess throttles — is counted in
 * Redis by the operation throttles. Only a refused request learns about the limit (Retry-After).
 */
export async function registerRateLimit(app: FastifyInstance, opts: RateLimitOptions = {}): Promise<void> {
  const max = opts.max ?? (Number(process.env.RATE_LIMIT_MAX) || 3000);
  const windowMs = opts.timeWindowMs ?? 60_000;
  let windowStart = Date.now();
  let counts = new Map<string, number>();

  app.addHook('onRequest', (request, reply, done) => {
    const now = Date.now();
    if (now - windowStart >= windowMs) {
      windowStart = now;
      counts = new Map();
    }
    const key = `${request.hostname}|${request.ip}`;
    const seen = counts.get(key);
    if (seen === undefined && counts.size >= MAX_TRACKED) return done();
    const n = (seen ?? 0) + 1;
    counts.set(key, n);
    if (n <= max) return done();
    const seconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
    // Answered here, before the centre is resolved: the usual typed GraphQL error shape, on every route.
    const message = `Too many requests. Try again in ${seconds} seconds.`;
    reply
      .code(429)
      .header('retry-after', String(seconds))
      .send({ errors: [{ message, extensions: { code: CommonError.Throttled, retryAfter: seconds } }] });
  });
}
