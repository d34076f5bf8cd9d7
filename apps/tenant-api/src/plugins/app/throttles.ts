import { createFailureBudget, createThrottle } from '@kv/auth';
import type { Redis } from 'ioredis';
import type { Throttles } from '../../types.ts';

/**
 * Limits for guessable operations (ASVS 6.1.1, OWASP Authentication and Credential Stuffing cheat
 * sheets): failures only, per centre; back-off, never a lock-out only an administrator lifts.
 * docs/ARCHITECTURE.md "Sign-in throttling" states the same numbers.
 */
export const THROTTLE_RULES = {
  /** 5 failed sign-ins of one account in 15 minutes: that account waits out its 15 minutes, at least 1. */
  account: { windowSec: 15 * 60, free: 5, limit: 5, blockSec: 60 },
  /**
   * Failures from one address at one centre in 15 minutes: 20 free, then each further attempt waits
   * 1 s after the last failure, doubling up to 8 s; the 100th blocks the address there for 15 minutes.
   */
  address: { windowSec: 15 * 60, free: 20, delay: { baseSec: 1, maxSec: 8 }, limit: 100, blockSec: 15 * 60 },
  /** Mails sent by guest operations: 20 per address and 5 per recipient, per centre, in 15 minutes. */
  mailIp: { points: 20, durationSec: 15 * 60 },
  mailTarget: { points: 5, durationSec: 15 * 60 },
  /** Kiosk PINs and signed-in code checks: 60 per address and centre in 15 minutes. */
  verifyIp: { points: 60, durationSec: 15 * 60 },
} as const;

/** The throttles, counted in Redis when there is one (shared by every process), in memory otherwise. */
export function createThrottles(redis?: Redis, opts: { now?: () => number; keyPrefix?: string } = {}): Throttles {
  const prefix = opts.keyPrefix ?? 'kv:throttle';
  const r = THROTTLE_RULES;
  return {
    account: createFailureBudget({ redis, now: opts.now, keyPrefix: `${prefix}:account`, ...r.account }),
    address: createFailureBudget({ redis, now: opts.now, keyPrefix: `${prefix}:address`, ...r.address }),
    mailIp: createThrottle({ redis, keyPrefix: `${prefix}:mail-ip`, ...r.mailIp }),
    mailTarget: createThrottle({ redis, keyPrefix: `${prefix}:mail-target`, ...r.mailTarget }),
    verifyIp: createThrottle({ redis, keyPrefix: `${prefix}:verify-ip`, ...r.verifyIp }),
  };
}
