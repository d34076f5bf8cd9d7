import type { Resolver } from '../../graphql/context.ts';

export const supportResolvers = {
  Mutation: {
    loginAsUser: ((_, args, { actor, services }) => services.support.loginAsUser(actor, args)) as Resolver<{
      center_id: string;
      user_id: string;
      reason: string;
    }>,
    endSupportSession: ((_, args, { actor, services }) => services.support.endSupportSession(actor, args)) as Resolver<{ id: string }>,
  },
};
