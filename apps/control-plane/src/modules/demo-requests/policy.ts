import type { OperatorRole } from '../../access.ts';

/** createDemoRequest is a guest's: it takes no role, only the address throttle. */
export const demoRequestPolicy = {
  getDemoRequests: 'admin',
  updateDemoRequest: 'admin',
  sendSignupLink: 'admin',
} as const satisfies Record<string, OperatorRole>;
