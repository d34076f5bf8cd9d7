import { AppError } from '@kv/server';

export const MigrationError = {
  RunNotFound: 'MIGRATION_RUN_NOT_FOUND',
  NotMigratable: 'CENTER_NOT_MIGRATABLE',
} as const;

export const migrationRunNotFound = () => new AppError(MigrationError.RunNotFound, 'Migration run not found.');
export const notMigratable = () =>
  new AppError(MigrationError.NotMigratable, 'Only an active or suspended centre with a database can be migrated.', { field: 'center_id' });
