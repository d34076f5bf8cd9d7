import type { OperatorRole } from '../../access.ts';

export const supportPolicy = {
  getCenterUsers: 'kvsupport',
  loginAsUser: 'kvsupport',
  endSupportSession: 'kvsupport',
  getCenterParkedEvents: 'kvsupport',
  retryCenterEvent: 'kvsupport',
  getUserForCustomEmail: 'kvsupport',
  sendCustomEmailUtility: 'kvsupport',
} as const satisfies Record<string, OperatorRole>;
