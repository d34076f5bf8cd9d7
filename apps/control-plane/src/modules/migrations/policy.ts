import type { OperatorRole } from '../../access.ts';

export const migrationPolicy = {
  runTenantMigrations: 'admin',
  migrationRun: 'admin',
  migrationRuns: 'admin',
} as const satisfies Record<string, OperatorRole>;
