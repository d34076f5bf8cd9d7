/** The control plane's queue and its jobs (`<area>` queue, `<verb-noun>` jobs). */
export const CONTROL_QUEUE = 'control-plane';

export const JOBS = {
  provisionCenter: 'provision-center',
  migrateTenant: 'migrate-tenant',
  dropCenterDatabase: 'drop-center-database',
  backupCenterDatabase: 'backup-center-database',
  drillCenterBackup: 'drill-center-backup',
  restoreCenterDatabase: 'restore-center-database',
  dropReplacedDatabase: 'drop-replaced-database',
  nightlyBackups: 'nightly-backups',
  centerDeleted: 'center-deleted',
  checkServerDomains: 'check-server-domains',
  collectCenterStatistics: 'collect-center-statistics',
  centerBillingCycle: 'center-billing-cycle',
} as const;
