/**
 * CACFP meal-pattern rules as dated data (ages 1 and up). The 2024 final rule changed the sugar
 * limits on 2025-10-01 from total sugars to added sugars; a week is checked against the rules in
 * force on its Monday. Every check here warns; none blocks a save.
 */

export const COMPONENTS = ['milk', 'meat_alternate', 'vegetable', 'fruit', 'grain'] as const;
export type Component = (typeof COMPONENTS)[number];
export const SLOT_TYPES = ['breakfast', 'lunch', 'supper', 'snack'] as const;
export type SlotType = (typeof SLOT_TYPES)[number];
export const FOOD_TYPES = ['cereal', 'yogurt', 'other'] as const;
export type FoodType = (typeof FOOD_TYPES)[number];

export const isMeal = (t: SlotType) => t !== 'snack';

/** Sugar limits in grams: cereal per dry ounce, yogurt per 6 ounces; `measure` is which sugar counts. */
export interface SugarRule {
  from: string;
  measure: 'added' | 'total';
  cerealPerOz: number;
  yogurtPer6Oz: number;
}

/** Newest first. */
export const SUGAR_RULES: readonly SugarRule[] = [
  { from: '2025-10-01', measure: 'added', cerealPerOz: 6, yogurtPer6Oz: 12 },
  { from: '2017-10-01', measure: 'total', cerealPerOz: 6, yogurtPer6Oz: 23 },
];

export const sugarRuleOn = (date: string) => SUGAR_RULES.find((r) => r.from <= date) ?? null;

export interface SugarFacts {
  name: string;
  food_type: string;
  serving_oz: number | string | null;
  added_sugar_g: number | string | null;
  total_sugar_g: number | string | null;
}

const num = (v: number | string | null) => (v === null || v === undefined || v === '' ? null : Number(v));

/** The sugar warning of one item on a date, or null (no rule, no facts, or within the limit). */
export function sugarWarning(item: SugarFacts, date: string): string | null {
  const rule = sugarRuleOn(date);
  if (!rule || (item.food_type !== 'cereal' && item.food_type !== 'yogurt')) return null;
  const oz = num(item.serving_oz);
  const sugar = num(rule.measure === 'added' ? item.added_sugar_g : item.total_sugar_g);
  if (!oz || oz <= 0 || sugar === null) return null;
  if (item.food_type === 'cereal') {
    const perOz = sugar / oz;
    return perOz > rule.cerealPerOz
      ? `${item.name}: ${round1(perOz)} g ${rule.measure} sugar per dry ounce; cereals may have at most ${rule.cerealPerOz} g.`
      : null;
  }
  const per6 = (sugar / oz) * 6;
  return per6 > rule.yogurtPer6Oz
    ? `${item.name}: ${round1(per6)} g ${rule.measure} sugar per 6 oz; yogurt may have at most ${rule.yogurtPer6Oz} g.`
    : null;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

const REQUIRED: Record<Exclude<SlotType, 'snack'>, Component[]> = {
  // Breakfast: milk, a vegetable or fruit, a grain (the vegetable/fruit is one component).
  breakfast: ['milk', 'grain'],
  lunch: ['milk', 'meat_alternate', 'vegetable', 'fruit', 'grain'],
  supper: ['milk', 'meat_alternate', 'vegetable', 'fruit', 'grain'],
};

const LABEL: Record<Component, string> = {
  milk: 'milk',
  meat_alternate: 'meat/meat alternate',
  vegetable: 'vegetable',
  fruit: 'fruit',
  grain: 'grain',
};

/** The components a planned slot lacks for ages 1 and up, as a warning, or null. */
export function componentWarning(type: SlotType, components: Iterable<string>): string | null {
  const have = new Set(components);
  if (type === 'snack') {
    const distinct = COMPONENTS.filter((c) => have.has(c)).length;
    return distinct >= 2 ? null : 'A snack needs two different components.';
  }
  const missing: string[] = REQUIRED[type].filter((c) => !have.has(c)).map((c) => LABEL[c]);
  if (type === 'breakfast' && !have.has('vegetable') && !have.has('fruit')) missing.push('vegetable or fruit');
  return missing.length ? `${type[0]!.toUpperCase()}${type.slice(1)} lacks ${missing.join(', ')}.` : null;
}

/**
 * What may be claimed of one child's day: at most two meals and one snack, or one meal and two
 * snacks (whichever claims more; two meals on a tie). Meals are chosen lunch and supper before
 * breakfast; snacks in order of service.
 */
export function claimDay<T extends { type: SlotType; start_time: string }>(served: readonly T[]): T[] {
  const order = { lunch: 0, supper: 1, breakfast: 2, snack: 3 } as const;
  const meals = served
    .filter((s) => isMeal(s.type))
    .sort((a, b) => order[a.type] - order[b.type] || a.start_time.localeCompare(b.start_time));
  const snacks = served.filter((s) => !isMeal(s.type)).sort((a, b) => a.start_time.localeCompare(b.start_time));
  const twoMeals = [...meals.slice(0, 2), ...snacks.slice(0, 1)];
  const twoSnacks = [...meals.slice(0, 1), ...snacks.slice(0, 2)];
  return twoSnacks.length > twoMeals.length ? twoSnacks : twoMeals;
}

/** Minutes after a slot's end within which a count is still at the point of service. */
export const LATE_AFTER_MINUTES = 30;
