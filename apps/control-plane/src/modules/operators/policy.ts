import type { OperatorRole } from '../../access.ts';

/** Lowest role allowed per operation of this area (kvsupport < admin). */
export const operatorPolicy = {
  listOperators: 'admin',
  createOperator: 'admin',
  updateOperator: 'admin',
} as const satisfies Record<string, OperatorRole>;
