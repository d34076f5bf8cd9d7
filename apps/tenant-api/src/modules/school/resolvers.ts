import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';

type Args = Record<string, unknown>;

export const schoolResolvers: Resolvers = {
  Query: {
    getSchoolProfile: (_: unknown, __: Args, ctx: RequestContext) => service.getSchoolProfile(ctx),
  },
  Mutation: {
    addSchool: (_: unknown, args: Args, ctx: RequestContext) => service.addSchool(ctx, args),
  },
};
