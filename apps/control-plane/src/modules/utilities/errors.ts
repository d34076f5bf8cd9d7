import { AppError } from '@kv/server';
import { CentreError } from '../centres/errors.ts';
import { MigrationError } from '../migrations/errors.ts';

/** The centre named by `center_id` is unknown or deleted. */
export const utilityCentreNotFound = () => new AppError(CentreError.NotFound, 'Centre not found.', { field: 'center_id' });
export const notMigratable = () =>
  new AppError(MigrationError.NotMigratable, 'Only an active or suspended centre with a database can be migrated.', { field: 'center_id' });
