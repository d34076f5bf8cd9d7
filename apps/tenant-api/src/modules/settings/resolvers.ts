import type { RequestContext } from '../../types.ts';
import { getThemeSetting, saveAppSettings } from './service.ts';

export const settingsResolvers = {
  Query: {
    getThemeSetting: (_: unknown, __: unknown, ctx: RequestContext) => getThemeSetting(ctx),
  },
  Mutation: {
    saveAppSettings: (_: unknown, args: { input?: unknown }, ctx: RequestContext) => saveAppSettings(ctx, args),
  },
};
