import type { OperatorRole } from '../../access.ts';

export const supportPolicy = {
  getCenterUsers: 'kvsupport',
  loginAsUser: 'kvsupport',
  /** A `write` support session. */
  loginAsUserWrite: 'admin',
  getSupportSessions: 'kvsupport',
  endSupportSession: 'kvsupport',
  getCenterParkedEvents: 'kvsupport',
  retryCenterEvent: 'kvsupport',
  getUserForCustomEmail: 'kvsupport',
  sendCustomEmailUtility: 'kvsupport',
} as const satisfies Record<string, OperatorRole>;
