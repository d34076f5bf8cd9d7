import type { OperatorRole } from '../../access.ts';

export const domainPolicy = {
  getServerDomains: 'kvsupport',
  addServerDomain: 'admin',
  removeServerDomain: 'admin',
  recheckServerDomain: 'admin',
} as const satisfies Record<string, OperatorRole>;
