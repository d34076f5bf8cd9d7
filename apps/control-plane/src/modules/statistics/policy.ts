import type { OperatorRole } from '../../access.ts';

export const statisticsPolicy = {
  getCenterStatistics: 'admin',
} as const satisfies Record<string, OperatorRole>;
