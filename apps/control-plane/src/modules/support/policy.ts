import type { OperatorRole } from '../../access.ts';

export const supportPolicy = {
  loginAsUser: 'kvsupport',
  endSupportSession: 'kvsupport',
} as const satisfies Record<string, OperatorRole>;
