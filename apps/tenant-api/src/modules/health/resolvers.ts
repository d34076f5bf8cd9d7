import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v ? String(v) : null);

export const healthResolvers = {
  Query: {
    getHealthQuestionnaire: (_: unknown, args: Args, ctx: RequestContext) => service.getHealthQuestionnaire(ctx, args),
    getHealthScreens: (_: unknown, args: Args, ctx: RequestContext) => service.getHealthScreens(ctx, args),
  },
  Mutation: {
    saveHealthQuestionnaire: (_: unknown, args: Args, ctx: RequestContext) => service.saveHealthQuestionnaire(ctx, args),
    deleteHealthQuestionnaire: (_: unknown, args: Args, ctx: RequestContext) => service.deleteHealthQuestionnaire(ctx, args),
  },
  HealthQuestion: {
    created_at: (r: Row) => iso(r.created_at),
    updated_at: (r: Row) => iso(r.updated_at),
  },
  HealthScreen: {
    created_at: (r: Row) => iso(r.created_at),
  },
};
