import type { Resolver } from '../../graphql/context.ts';
import type { PageArgs } from '../../graphql/pagination.ts';

export const serverResolvers = {
  Query: {
    getDeploymentServers: ((_, _args, { actor, services }) => services.servers.getDeploymentServers(actor)) as Resolver,
    getCenterDatabases: ((_, args, { actor, services }) => services.servers.getCenterDatabases(actor, args)) as Resolver<
      PageArgs & { search?: string; server_id?: string }
    >,
  },
};
