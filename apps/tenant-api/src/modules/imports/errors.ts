import { AppError, badInput, notFound } from '@kv/server';

/** The closed set of the imports area's error codes (plus the common ones). */
export const ImportError = {
  NotFound: 'NOT_FOUND',
  BadInput: 'BAD_USER_INPUT',
  Invalid: 'IMPORT_INVALID',
  State: 'IMPORT_STATE',
} as const;

export const importNotFound = () => notFound('Import not found.');
export const badFile = (message: string) => badInput('csv', message);

export function importInvalid(count: number): AppError {
  return new AppError(
    ImportError.Invalid,
    `${count} row${count === 1 ? ' has' : 's have'} errors: fix the file and upload it again. Nothing was saved.`,
    { field: 'import_id' },
  );
}

export function wrongState(status: string): AppError {
  const why: Record<string, string> = {
    uploaded: 'Match the columns to fields first.',
    done: 'This import was saved already.',
    running: 'This import is running.',
    queued: 'This import is waiting to run.',
    failed: 'This import failed; upload the file again.',
  };
  return new AppError(ImportError.State, why[status] ?? 'This import cannot be saved now.', { field: 'import_id', import_status: status });
}
