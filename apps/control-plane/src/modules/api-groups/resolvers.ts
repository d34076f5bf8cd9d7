import type { Resolvers } from '../../generated/resolvers.ts';

export const apiGroupResolvers: Resolvers = {
  Query: {
    getApiGroups: (_, _args, { actor, services }) => services.apiGroups.getApiGroups(actor),
    getApiGroupRestarts: (_, args, { actor, services }) => services.apiGroups.getApiGroupRestarts(actor, args),
  },
  Mutation: {
    restartServer: (_, args, { actor, services }) => services.apiGroups.restartServer(actor, args),
  },
};
