import type { OperatorRole } from '../../access.ts';

export const serverPolicy = {
  getDeploymentServers: 'admin',
  getCenterDatabases: 'admin',
} as const satisfies Record<string, OperatorRole>;
