import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';
import { iso, isoTime } from '../../core/result.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

export const healthResolvers: Resolvers = {
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
    created_at: (r: Row) => isoTime(r.created_at),
  },
};
