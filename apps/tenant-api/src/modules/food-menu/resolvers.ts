import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as menu from './service/menu.ts';
import * as counts from './service/counts.ts';
import { isoTime } from '../../core/result.ts';

type Args = Record<string, unknown>;
const op =
  <T>(fn: (ctx: RequestContext, args: Args) => T) =>
  (_: unknown, args: Args, ctx: RequestContext) =>
    fn(ctx, args);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const foodMenuResolvers: Resolvers = {
  Query: {
    getFoodMenuItems: op(menu.getFoodMenuItems),
    getFoodMenuWeeks: op(menu.getFoodMenuWeeks),
    getFoodMenuWeekData: op(menu.getFoodMenuWeekData),
    getMealSlots: op(menu.getMealSlots),
    getMealCountRoster: op(counts.getMealCountRoster),
    getMealCountReport: op(counts.getMealCountReport),
  },
  Mutation: {
    createFoodMenuItem: op(menu.createFoodMenuItem),
    updateFoodMenuItem: op(menu.updateFoodMenuItem),
    deleteFoodMenuItem: op(menu.deleteFoodMenuItem),
    createFoodMenuWeek: op(menu.createFoodMenuWeek),
    updateFoodMenuWeek: op(menu.updateFoodMenuWeek),
    deleteFoodMenuWeek: op(menu.deleteFoodMenuWeek),
    saveFoodMenuWeekData: op(menu.saveFoodMenuWeekData),
    copyFoodMenuWeek: op(menu.copyFoodMenuWeek),
    saveFoodMenuSettings: op((ctx, a) => menu.saveFoodMenuSettings(ctx, a)),
    autofillFoodMenu: op(menu.autofillFoodMenu),
    copyFoodMenuToLocation: op(menu.copyFoodMenuToLocation),
    saveMealSlot: op(menu.saveMealSlot),
    deleteMealSlot: op(menu.deleteMealSlot),
    saveMealCount: op((ctx, a) => counts.saveMealCount(ctx, a)),
  },
  FoodMenuItem: {
    serving_oz: (r: { serving_oz: unknown }) => num(r.serving_oz),
    added_sugar_g: (r: { added_sugar_g: unknown }) => num(r.added_sugar_g),
    total_sugar_g: (r: { total_sugar_g: unknown }) => num(r.total_sugar_g),
  },
  MealCount: {
    saved_at: (r: { saved_at: unknown }) => isoTime(r.saved_at),
  },
} as Resolvers;
