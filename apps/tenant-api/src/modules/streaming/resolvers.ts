import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { mediaConfig } from './config.ts';
import * as svc from './service.ts';
import { iso } from '../../core/result.ts';

type Args = Record<string, unknown>;
const key = (ctx: RequestContext) => mediaConfig(ctx.deps.config).mediaSecretKey;

export const streamingResolvers: Resolvers = {
  Query: {
    getStreams: (_: unknown, args: Args, ctx: RequestContext) => svc.getStreams(ctx, args),
    getStreamSettings: (_: unknown, args: Args, ctx: RequestContext) => svc.getStreamSettings(ctx, args),
  },
  Mutation: {
    createStream: (_: unknown, args: Args, ctx: RequestContext) => svc.createStream(ctx, args, key(ctx)),
    updateStream: (_: unknown, args: Args, ctx: RequestContext) => svc.updateStream(ctx, args, key(ctx)),
    deleteStream: (_: unknown, args: Args, ctx: RequestContext) => svc.deleteStream(ctx, args),
    setDefaultStream: (_: unknown, args: Args, ctx: RequestContext) => svc.setDefaultStream(ctx, args),
    saveStreamSettings: (_: unknown, args: Args, ctx: RequestContext) => svc.saveStreamSettings(ctx, args),
  },
  StreamingServer: {
    created_at: (s: Args) => iso(s.created_at),
    updated_at: (s: Args) => iso(s.updated_at),
  },
};
