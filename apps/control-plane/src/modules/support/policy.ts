import type { OperatorRole } from '../../access.ts';

export const supportPolicy = {
  getCenterUsers: 'kvsupport',
  loginAsUser: 'kvsupport',
  endSupportSession: 'kvsupport',
  getCenterParkedEvents: 'kvsupport',
  retryCenterEvent: 'kvsupport',
} as const satisfies Record<string, OperatorRole>;
