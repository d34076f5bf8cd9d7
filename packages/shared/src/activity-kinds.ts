/**
 * The fixed choices of the daily activity kinds (spec §3): the API checks entries against them
 * (modules/activities/kinds.ts) and the quick entry offers them as chips, in this order.
 */

/** CACFP counts meals at the point of service: breakfast to supper, in the day's order. */
export const MEAL_SLOTS = ['breakfast', 'am_snack', 'lunch', 'pm_snack', 'supper'] as const;
export const PORTIONS = ['none', 'some', 'most', 'all', 'seconds'] as const;
export const NAP_POSITIONS = ['back', 'side', 'tummy', 'sitting'] as const;
export const NAP_QUALITY = ['slept', 'rested', 'restless'] as const;
export const DIAPER_TYPES = ['wet', 'bm', 'dry'] as const;
export const POTTY_RESULTS = ['success', 'tried', 'accident'] as const;
export const BOTTLE_UNITS = ['oz', 'ml'] as const;
export const BOTTLE_CONTENTS = ['formula', 'breast_milk', 'milk', 'water', 'juice'] as const;
export const MOODS = ['happy', 'calm', 'excited', 'tired', 'sad', 'fussy', 'sick'] as const;
