import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as read from './service/read.ts';

type Args = Record<string, unknown>;
const r =
  <T>(op: (ctx: RequestContext, args: Args) => Promise<T>) =>
  (_: unknown, args: Args, ctx: RequestContext) =>
    op(ctx, args);

export const notificationResolvers: Resolvers = {
  Query: {
    getNotifications: r(read.getNotifications),
    getUserNotificationSettings: r(read.getUserNotificationSettings),
  },
  Mutation: {
    markNotificationSeen: r(read.markNotificationSeen),
    markAllNotificationsSeen: r(read.markAllNotificationsSeen),
    saveUserNotificationSettings: r(read.saveUserNotificationSettings),
  },
};
