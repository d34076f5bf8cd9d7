export * from './roles.ts';
export * from './permissions.ts';
export * from './format.ts';
export * from './constants.ts';
export * from './student-fields.ts';
export * from './zoned-time.ts';
export * from './money.ts';
export * from './activity-kinds.ts';
