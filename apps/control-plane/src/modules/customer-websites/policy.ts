import type { OperatorRole } from '../../access.ts';

export const customerWebsitePolicy = {
  getCustomerWebsites: 'admin',
  takeCustomerWebsiteOffline: 'admin',
  bringCustomerWebsiteOnline: 'admin',
} as const satisfies Record<string, OperatorRole>;
