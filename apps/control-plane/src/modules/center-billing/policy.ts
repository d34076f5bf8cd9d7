import type { OperatorRole } from '../../access.ts';

/**
 * Lowest operator role per operation of platform billing (spec §6: admin only). `getCenterPlans`
 * also answers guests and kvsupport, with the public plans only (the funnel's `/packages`).
 */
export const centerBillingPolicy = {
  getCenterPlans: 'admin',
  createCenterPlan: 'admin',
  updateCenterPlan: 'admin',
  attachCenterPlan: 'admin',
  getCenterInvoices: 'admin',
  getCenterPayments: 'admin',
  getCenterCards: 'admin',
  chargeCenter: 'admin',
  submitCenterPayment: 'admin',
  approveCenterPayment: 'admin',
} as const satisfies Record<string, OperatorRole>;
