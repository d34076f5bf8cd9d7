import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { getThemeSetting, saveAppSettings } from './service.ts';

export const settingsResolvers: Resolvers = {
  Query: {
    getThemeSetting: (_: unknown, __: unknown, ctx: RequestContext) => getThemeSetting(ctx),
  },
  Mutation: {
    saveAppSettings: (_: unknown, args: { input?: unknown }, ctx: RequestContext) => saveAppSettings(ctx, args),
  },
};
