import type { OperatorRole } from '../../access.ts';

/** The immunization catalogue is kvsupport's (and admins', above them on the ladder). */
export const immunizationPolicy = {
  getImmunizations: 'kvsupport',
  getImmunizationSchedules: 'kvsupport',
  createImmunization: 'kvsupport',
  updateImmunization: 'kvsupport',
  deleteImmunization: 'kvsupport',
  publishImmunizationSchedule: 'kvsupport',
} as const satisfies Record<string, OperatorRole>;
