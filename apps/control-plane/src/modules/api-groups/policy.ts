import type { OperatorRole } from '../../access.ts';

/** Support reads the API processes and their restarts; only an admin restarts them (spec §6: server restart is admin-only). */
export const apiGroupPolicy = {
  getApiGroups: 'kvsupport',
  getApiGroupRestarts: 'kvsupport',
  restartServer: 'admin',
} as const satisfies Record<string, OperatorRole>;
