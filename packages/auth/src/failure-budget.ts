import type { Redis } from 'ioredis';

/**
 * A budget of failures per key (an account, a centre and address), after the OWASP
 * Authentication and Credential Stuffing cheat sheets: only failures are spent, never successes.
 *
 * An attempt first takes a point (`take`), before anything is checked, so a document of ten
 * guesses, or ten requests at once, cannot slip past the count while their passwords are being
 * hashed. The attempt then either fails (`fail`: the point stays spent) or does not (`refund`: the
 * point comes back). Past `free` failures in the window every further attempt waits a delay after
 * the last failure, doubling from `delay.baseSec` up to `delay.maxSec`; at `limit` failures the key
 * is blocked until its window is over, and at least `blockSec`.
 *
 * With Redis the state is one hash per key, changed by one script per call, so every process
 * shares it; if Redis fails, an in-process budget takes over (throttling degrades, never vanishes).
 */
export interface FailureBudgetOptions {
  redis?: Redis;
  keyPrefix: string;
  windowSec: number;
  /** Failures in a window before any delay. */
  free: number;
  /** The progressive delay past `free`; none when absent (the key is only blocked at `limit`). */
  delay?: { baseSec: number; maxSec: number };
  /** Failures in a window that block the key. */
  limit: number;
  blockSec: number;
  /** The clock (tests move it); Date.now by default. */
  now?: () => number;
}

/** A point taken by `take`, to be given back or kept once the attempt's outcome is known. */
export interface Reservation {
  key: string;
  /** The window the point was taken in: a point of a window that is over is not given back. */
  window: number;
}

export type Take = { allowed: true; reservation: Reservation } | { allowed: false; retryAfterMs: number };

export interface FailureBudget {
  /** Takes a point for one attempt, or refuses it with the wait (blocked, delayed, or over the limit). */
  take(key: string): Promise<Take>;
  /** The attempt failed: its point stays spent, the delay runs from now, and the limit may block the key. */
  fail(r: Reservation): Promise<void>;
  /** The attempt did not fail: its point comes back. */
  refund(r: Reservation): Promise<void>;
  /** Forgets the key (an account's count after its correct password). */
  reset(key: string): Promise<void>;
}

interface Params {
  windowMs: number;
  free: number;
  baseMs: number;
  maxMs: number;
  limit: number;
  blockMs: number;
}

interface State {
  /** Window start, points taken in it, last failure, blocked until (ms). */
  s: number;
  n: number;
  l: number;
  b: number;
}

type Outcome = [allowed: 0 | 1, retryAfterMs: number, window: number];

/** The wait before the `over`-th attempt past the free failures. */
function delayMs(p: Params, over: number): number {
  return over > 0 && p.baseMs > 0 ? Math.min(p.baseMs * 2 ** (over - 1), p.maxMs) : 0;
}

/** The rule itself, on plain state; the Redis script below is the same rule, line for line. */
function takeRule(p: Params, st: State | undefined, now: number): { outcome: Outcome; state?: State } {
  const b = st?.b ?? 0;
  if (b > now) return { outcome: [0, b - now, 0] };
  const { s, n, l } = st && now < st.s + p.windowMs ? st : { s: now, n: 0, l: 0 };
  if (n + 1 > p.limit) return { outcome: [0, Math.max(1, s + p.windowMs - now), 0] };
  const wait = delayMs(p, n + 1 - p.free);
  if (wait > 0 && now < l + wait) return { outcome: [0, l + wait - now, 0] };
  return { outcome: [1, 0, s], state: { s, n: n + 1, l, b } };
}

const TAKE = `
local h = redis.call('HMGET', KEYS[1], 's', 'n', 'l', 'b')
local now, win, free, base, maxd, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6])
local s, n, l, b = tonumber(h[1]), tonumber(h[2]) or 0, tonumber(h[3]) or 0, tonumber(h[4]) or 0
if b > now then return {0, b - now, 0} end
if not s or now >= s + win then s = now; n = 0; l = 0 end
if n + 1 > limit then return {0, math.max(1, s + win - now), 0} end
local over = n + 1 - free
if over > 0 and base > 0 then
  local wait = math.min(base * 2 ^ (over - 1), maxd)
  if now < l + wait then return {0, l + wait - now, 0} end
end
redis.call('HSET', KEYS[1], 's', s, 'n', n + 1, 'l', l, 'b', b)
redis.call('PEXPIRE', KEYS[1], math.max(win, b - now) + 60000)
return {1, 0, s}
`;

const FAIL = `
local h = redis.call('HMGET', KEYS[1], 's', 'n')
local now, window, win, limit, block = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])
if tonumber(h[1]) ~= window then return 0 end
redis.call('HSET', KEYS[1], 'l', now)
if (tonumber(h[2]) or 0) >= limit then
  local b = math.max(window + win, now + block)
  redis.call('HSET', KEYS[1], 'b', b)
  redis.call('PEXPIRE', KEYS[1], b - now + 60000)
end
return 1
`;

const REFUND = `
local h = redis.call('HMGET', KEYS[1], 's', 'n')
if tonumber(h[1]) ~= tonumber(ARGV[1]) or (tonumber(h[2]) or 0) <= 0 then return 0 end
redis.call('HINCRBY', KEYS[1], 'n', -1)
return 1
`;

/** Keys tracked in memory before expired ones are swept. */
const SWEEP_AT = 10_000;

function memoryBudget(p: Params, now: () => number) {
  const states = new Map<string, State>();
  const sweep = (t: number) => {
    if (states.size < SWEEP_AT) return;
    for (const [k, st] of states) if (t >= st.s + p.windowMs && t >= st.b) states.delete(k);
  };
  return {
    take(key: string): Outcome {
      const t = now();
      sweep(t);
      const { outcome, state } = takeRule(p, states.get(key), t);
      if (state) states.set(key, state);
      return outcome;
    },
    fail(key: string, window: number) {
      const st = states.get(key);
      if (!st || st.s !== window) return;
      const t = now();
      st.l = t;
      if (st.n >= p.limit) st.b = Math.max(window + p.windowMs, t + p.blockMs);
    },
    refund(key: string, window: number) {
      const st = states.get(key);
      if (st && st.s === window && st.n > 0) st.n -= 1;
    },
    reset(key: string) {
      states.delete(key);
    },
  };
}

export function createFailureBudget(opts: FailureBudgetOptions): FailureBudget {
  const now = opts.now ?? Date.now;
  const p: Params = {
    windowMs: opts.windowSec * 1000,
    free: opts.free,
    baseMs: (opts.delay?.baseSec ?? 0) * 1000,
    maxMs: (opts.delay?.maxSec ?? 0) * 1000,
    limit: opts.limit,
    blockMs: opts.blockSec * 1000,
  };
  const memory = memoryBudget(p, now);
  const redis = opts.redis;
  const full = (key: string) => `${opts.keyPrefix}:${key}`;
  // Redis when it answers; the process's own count when it does not.
  async function run<T>(viaRedis: (r: Redis) => Promise<T>, inMemory: () => T): Promise<T> {
    if (!redis) return inMemory();
    try {
      return await viaRedis(redis);
    } catch {
      return inMemory();
    }
  }
  return {
    async take(key) {
      const [allowed, retryAfterMs, window] = await run(
        async (r) => (await r.eval(TAKE, 1, full(key), now(), p.windowMs, p.free, p.baseMs, p.maxMs, p.limit)) as Outcome,
        () => memory.take(full(key)),
      );
      return allowed
        ? { allowed: true, reservation: { key, window: Number(window) } }
        : { allowed: false, retryAfterMs: Number(retryAfterMs) };
    },
    async fail({ key, window }) {
      await run(
        (r) => r.eval(FAIL, 1, full(key), now(), window, p.windowMs, p.limit, p.blockMs),
        () => memory.fail(full(key), window),
      );
    },
    async refund({ key, window }) {
      await run(
        (r) => r.eval(REFUND, 1, full(key), window),
        () => memory.refund(full(key), window),
      );
    },
    async reset(key) {
      await run(
        async (r) => {
          await r.del(full(key));
        },
        () => memory.reset(full(key)),
      );
    },
  };
}

interface Occurrence {
  operation: string;
  subject: string;
  taken: { budget: FailureBudget; reservation: Reservation }[];
}

/**
 * The points one request took for its guarded occurrences (each `login` of a document, say),
 * until each occurrence's outcome settles them: a failure keeps them, anything else gives them
 * back, and what never settles (a merged or never-run occurrence) counts as a failure at `finish`.
 */
export class AttemptLedger {
  private open: Occurrence[] = [];

  /**
   * Takes a point of each budget for one occurrence. When one refuses, every point this ledger
   * took is given back (nothing will run) and the answer carries the wait.
   */
  async take(operation: string, subject: string, budgets: [FailureBudget, string][]): Promise<{ allowed: boolean; retryAfterMs: number }> {
    const occurrence: Occurrence = { operation, subject, taken: [] };
    this.open.push(occurrence);
    for (const [budget, key] of budgets) {
      const r = await budget.take(key);
      if (!r.allowed) {
        await this.settleAll(false);
        return { allowed: false, retryAfterMs: r.retryAfterMs };
      }
      occurrence.taken.push({ budget, reservation: r.reservation });
    }
    return { allowed: true, retryAfterMs: 0 };
  }

  /** The outcome of the first pending occurrence of `operation` (of that subject, when given). */
  async settle(operation: string, failed: boolean, subject?: string): Promise<void> {
    const i = this.open.findIndex((p) => p.operation === operation && (subject === undefined || p.subject === subject));
    if (i < 0) return;
    const [occurrence] = this.open.splice(i, 1);
    await settleOccurrence(occurrence!, failed);
  }

  /** How many occurrences of `operation` are still waiting for their outcome. */
  pending(operation: string): number {
    return this.open.filter((p) => p.operation === operation).length;
  }

  /** Gives back every pending point (the request was refused before anything ran). */
  async giveBack(): Promise<void> {
    await this.settleAll(false);
  }

  /** After execution: what never settled counts as failed. */
  async finish(): Promise<void> {
    await this.settleAll(true);
  }

  private async settleAll(failed: boolean): Promise<void> {
    for (const occurrence of this.open.splice(0)) await settleOccurrence(occurrence, failed);
  }
}

async function settleOccurrence(o: Occurrence, failed: boolean): Promise<void> {
  for (const { budget, reservation } of o.taken) await (failed ? budget.fail(reservation) : budget.refund(reservation));
}
