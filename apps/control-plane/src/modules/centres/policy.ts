import type { OperatorRole } from '../../access.ts';

/** Lowest role allowed per operation of this area (kvsupport < admin). */
export const centrePolicy = {
  getCenters: 'kvsupport',
  getCenter: 'kvsupport',
  addCenter: 'admin',
  updateCenter: 'admin',
  suspendCenter: 'admin',
  activateCenter: 'admin',
  deleteCenter: 'admin',
  extendCenterTrial: 'admin',
} as const satisfies Record<string, OperatorRole>;
