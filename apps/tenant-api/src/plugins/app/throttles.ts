import { createThrottle } from '@kv/auth';
import type { Redis } from 'ioredis';
import type { Throttles } from '../../types.ts';

/** Limits for guessable operations (ASVS 6.1.1): back-off per account and per address, not lock-out. */
export function createThrottles(redis?: Redis): Throttles {
  return {
    loginAccount: createThrottle({ redis, keyPrefix: 'kv:throttle:login-account', points: 5, durationSec: 15 * 60, blockSec: 60 }),
    loginIp: createThrottle({ redis, keyPrefix: 'kv:throttle:login-ip', points: 100, durationSec: 15 * 60 }),
    mailIp: createThrottle({ redis, keyPrefix: 'kv:throttle:mail-ip', points: 20, durationSec: 15 * 60 }),
    verifyIp: createThrottle({ redis, keyPrefix: 'kv:throttle:verify-ip', points: 60, durationSec: 15 * 60 }),
  };
}
