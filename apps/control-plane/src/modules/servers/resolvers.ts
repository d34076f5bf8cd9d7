import type { Resolvers } from '../../generated/resolvers.ts';

export const serverResolvers: Resolvers = {
  Query: {
    getDeploymentServers: (_, _args, { actor, services }) => services.servers.getDeploymentServers(actor),
    getCenterDatabases: (_, args, { actor, services }) => services.servers.getCenterDatabases(actor, args),
  },
};
