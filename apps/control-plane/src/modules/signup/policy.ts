/**
 * The funnel's operations are the guest's (no operator): each is throttled per address (and the
 * mail-sending one per email address), and every step after the PIN is bound to its token.
 */
export const SIGNUP_THROTTLES = {
  /** Subdomain checks while typing: 120 per address in 15 minutes. */
  check: { points: 120, durationSec: 15 * 60 },
  /** Sign-ups (each mails a PIN): 10 per address an hour, 3 per email address in 15 minutes. */
  startIp: { points: 10, durationSec: 60 * 60 },
  startEmail: { points: 3, durationSec: 15 * 60 },
  /** PIN, payment and setup attempts: 30 per address in 15 minutes (and 5 wrong PINs per sign-up). */
  verifyIp: { points: 30, durationSec: 15 * 60 },
  /** The setup page polls its progress about once a second: 600 per address in 15 minutes. */
  setupStatus: { points: 600, durationSec: 15 * 60 },
} as const;

export const MAX_PIN_ATTEMPTS = 5;
export const PIN_TTL_MIN = 30;
export const SETUP_TTL_DAYS = 7;
