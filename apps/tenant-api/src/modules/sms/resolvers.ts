import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { getSmsResponses } from './service/responses.ts';

export const smsResolvers: Resolvers = {
  Query: {
    getSmsResponses: (_: unknown, args: Record<string, unknown>, ctx: RequestContext) => getSmsResponses(ctx, args),
  },
};
