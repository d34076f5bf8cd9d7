import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';

type Args = Record<string, unknown>;

export const ratioResolvers: Resolvers = {
  Query: {
    getRoomRatio: (_: unknown, args: Args, ctx: RequestContext) => service.getRoomRatio(ctx, args),
  },
  Mutation: {
    saveRoomRatio: (_: unknown, args: Args, ctx: RequestContext) => service.saveRoomRatio(ctx, args),
    removeRoomRatio: (_: unknown, args: Args, ctx: RequestContext) => service.removeRoomRatio(ctx, args),
  },
};
