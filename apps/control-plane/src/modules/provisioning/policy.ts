import type { OperatorRole } from '../../access.ts';

export const provisioningPolicy = {
  centerProvisioning: 'admin',
  retryProvisioning: 'admin',
} as const satisfies Record<string, OperatorRole>;
