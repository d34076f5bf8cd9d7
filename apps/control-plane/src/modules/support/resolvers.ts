import type { Resolvers } from '../../generated/resolvers.ts';

export const supportResolvers: Resolvers = {
  Query: {
    getCenterUsers: (_, args, { actor, services }) => services.support.getCenterUsers(actor, args),
  },
  Mutation: {
    loginAsUser: (_, args, { actor, services }) => services.support.loginAsUser(actor, args),
    endSupportSession: (_, args, { actor, services }) => services.support.endSupportSession(actor, args),
  },
};
