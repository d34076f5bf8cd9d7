import { AppError } from '@kv/server';

export const BackupError = {
  NotFound: 'BACKUP_NOT_FOUND',
  NotReady: 'BACKUP_NOT_READY',
  Busy: 'CENTER_BUSY',
  NoStore: 'BACKUP_STORE_UNAVAILABLE',
  SnapshotsNotAvailable: 'SNAPSHOTS_NOT_AVAILABLE',
  DeleteSafeguard: 'DELETE_SAFEGUARD',
  ConfirmMismatch: 'CONFIRMATION_MISMATCH',
} as const;

export const backupNotFound = () => new AppError(BackupError.NotFound, 'Backup not found.', { field: 'backup_id' });
export const backupNotReady = (status: string) =>
  new AppError(BackupError.NotReady, `This backup is ${status}; only a finished backup can be used.`, { field: 'backup_id', status });
export const centreBusy = (what: string) =>
  new AppError(BackupError.Busy, `A ${what} of this centre is already queued or running; wait for it to finish.`, { running: what });
export const noStore = () => new AppError(BackupError.NoStore, 'No file store is configured for backups.');
export const snapshotsNotAvailable = () =>
  new AppError(
    BackupError.SnapshotsNotAvailable,
    'Database snapshots are only available for centres on an RDS server; this centre’s server has none.',
  );
export const confirmMismatch = () =>
  new AppError(BackupError.ConfirmMismatch, 'Type the centre’s address exactly to confirm.', { field: 'confirm_hostname' });

export type MissingSafeguard = 'suspended' | 'confirm_hostname' | 'drill';
const SAFEGUARD_TEXT: Record<MissingSafeguard, string> = {
  suspended: 'the centre must be suspended first',
  confirm_hostname: 'confirm_hostname must be the centre’s address',
  drill: 'a restore drill must have passed in the last 24 hours',
};

/** A delete refused: names every safeguard that is missing. */
export const deleteSafeguard = (missing: MissingSafeguard[]) =>
  new AppError(BackupError.DeleteSafeguard, `Not deleted: ${missing.map((m) => SAFEGUARD_TEXT[m]).join('; ')}.`, {
    missing,
    ...(missing.includes('confirm_hostname') ? { field: 'confirm_hostname' } : {}),
  });
