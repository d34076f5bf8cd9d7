import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';

type Args = Record<string, unknown>;

export const platformResolvers = {
  Query: {
    getMyPlan: (_: unknown, __: Args, ctx: RequestContext) => service.getMyPlan(ctx),
    getMyPlanBilling: (_: unknown, __: Args, ctx: RequestContext) => service.getMyPlanBilling(ctx),
  },
  Mutation: {
    payMyPlanInvoice: (_: unknown, args: Args, ctx: RequestContext) => service.payMyPlanInvoice(ctx, args),
  },
};
