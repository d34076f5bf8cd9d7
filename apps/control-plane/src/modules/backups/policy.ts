import type { OperatorRole } from '../../access.ts';

/** Lowest role allowed per operation of this area (kvsupport < admin): backups hold every centre's data. */
export const backupPolicy = {
  getCenterBackups: 'admin',
  getCenterDrills: 'admin',
  getCenterRestores: 'admin',
  getDatabaseSnapshots: 'admin',
  backupCenterDatabase: 'admin',
  drillCenterBackup: 'admin',
  restoreCenterDatabase: 'admin',
  undoDeleteCenter: 'admin',
  deleteCenterDatabase: 'admin',
} as const satisfies Record<string, OperatorRole>;
