import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { makeTinyUrl } from './service/tiny-urls.ts';

export const linkResolvers: Resolvers = {
  Mutation: {
    makeTinyUrl: (_: unknown, args: Record<string, unknown>, ctx: RequestContext) => makeTinyUrl(ctx, args),
  },
};
