import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';

type Args = Record<string, unknown>;

export const platformResolvers = {
  Query: {
    getMyPlan: (_: unknown, __: Args, ctx: RequestContext) => service.getMyPlan(ctx),
  },
};
