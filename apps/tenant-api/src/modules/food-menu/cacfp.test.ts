import { describe, expect, it } from 'vitest';
import { claimDay, componentWarning, sugarWarning, type SlotType } from './cacfp.ts';

const s = (type: SlotType, start_time: string) => ({ type, start_time });

describe('CACFP rules', () => {
  it('claims 2 meals + 1 snack of 3 meals + 2 snacks, lunch and supper before breakfast', () => {
    const day = [s('breakfast', '07:30'), s('snack', '09:30'), s('lunch', '11:30'), s('snack', '15:00'), s('supper', '17:30')];
    expect(claimDay(day).map((x) => x.type)).toEqual(['lunch', 'supper', 'snack']);
    expect(claimDay(day)[2]!.start_time).toBe('09:30');
  });

  it('claims 1 meal + 2 snacks when that claims more', () => {
    const day = [s('breakfast', '07:30'), s('snack', '09:30'), s('snack', '15:00'), s('snack', '18:00')];
    expect(claimDay(day).map((x) => x.type)).toEqual(['breakfast', 'snack', 'snack']);
    expect(claimDay([s('snack', '09:00'), s('snack', '10:00'), s('snack', '11:00')])).toHaveLength(2);
  });

  it('checks components per slot type (ages 1+)', () => {
    expect(componentWarning('breakfast', ['milk', 'grain', 'fruit'])).toBeNull();
    expect(componentWarning('breakfast', ['milk', 'grain'])).toBe('Breakfast lacks vegetable or fruit.');
    expect(componentWarning('lunch', ['milk', 'grain', 'fruit'])).toBe('Lunch lacks meat/meat alternate, vegetable.');
    expect(componentWarning('snack', ['fruit', 'grain'])).toBeNull();
  });

  it('sugar limits are dated: cereal by added sugar per dry ounce from 2025-10-01', () => {
    const cereal = { name: 'Frosted O', food_type: 'cereal', serving_oz: 1, added_sugar_g: 9, total_sugar_g: 5 };
    expect(sugarWarning(cereal, '2025-09-29')).toBeNull();
    expect(sugarWarning(cereal, '2025-10-06')).toBe('Frosted O: 9 g added sugar per dry ounce; cereals may have at most 6 g.');
    expect(sugarWarning({ ...cereal, added_sugar_g: 6 }, '2025-10-06')).toBeNull();
  });
});
