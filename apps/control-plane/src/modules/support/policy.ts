import type { OperatorRole } from '../../access.ts';

export const supportPolicy = {
  getCenterUsers: 'kvsupport',
  loginAsUser: 'kvsupport',
  endSupportSession: 'kvsupport',
} as const satisfies Record<string, OperatorRole>;
