import type { OperatorRole } from '../../access.ts';

/** Utilities are support's tools (spec §6: kvsupport has utilities); admins, above them, too. */
export const utilityPolicy = {
  getCenterHealth: 'kvsupport',
  rerunCenterMigration: 'kvsupport',
  republishCenter: 'kvsupport',
  flushCenterCaches: 'kvsupport',
} as const satisfies Record<string, OperatorRole>;
