/** The control plane's queue and its jobs (`<area>` queue, `<verb-noun>` jobs). */
export const CONTROL_QUEUE = 'control-plane';

export const JOBS = {
  provisionCenter: 'provision-center',
  migrateTenant: 'migrate-tenant',
  dropCenterDatabase: 'drop-center-database',
  centerBillingCycle: 'center-billing-cycle',
} as const;
