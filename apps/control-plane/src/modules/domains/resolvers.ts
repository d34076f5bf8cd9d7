import type { Resolver } from '../../graphql/context.ts';

export const domainResolvers = {
  Query: {
    getServerDomains: ((_, args, { actor, services }) => services.domains.getServerDomains(actor, args)) as Resolver<{ center_id: string }>,
  },
  Mutation: {
    addServerDomain: ((_, args, { actor, services }) => services.domains.addServerDomain(actor, args)) as Resolver<{
      center_id: string;
      domain: string;
    }>,
    removeServerDomain: ((_, args, { actor, services }) => services.domains.removeServerDomain(actor, args)) as Resolver<{ id: string }>,
  },
};
