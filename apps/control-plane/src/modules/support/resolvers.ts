import type { PageArgs } from '../../graphql/pagination.ts';
import type { Resolver } from '../../graphql/context.ts';

export const supportResolvers = {
  Query: {
    getCenterUsers: ((_, args, { actor, services }) => services.support.getCenterUsers(actor, args)) as Resolver<
      PageArgs & { center_id: string; search?: string | null }
    >,
    getCenterParkedEvents: ((_, args, { actor, services }) => services.support.getCenterParkedEvents(actor, args)) as Resolver<
      PageArgs & { center_id: string }
    >,
  },
  Mutation: {
    loginAsUser: ((_, args, { actor, services }) => services.support.loginAsUser(actor, args)) as Resolver<{
      center_id: string;
      user_id: string;
      reason: string;
    }>,
    endSupportSession: ((_, args, { actor, services }) => services.support.endSupportSession(actor, args)) as Resolver<{ id: string }>,
    retryCenterEvent: ((_, args, { actor, services }) => services.support.retryCenterEvent(actor, args)) as Resolver<{
      center_id: string;
      event_id: string;
      handler: string;
    }>,
  },
};
