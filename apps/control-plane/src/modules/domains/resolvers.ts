import type { Resolvers } from '../../generated/resolvers.ts';

export const domainResolvers: Resolvers = {
  Query: {
    getServerDomains: (_, args, { actor, services }) => services.domains.getServerDomains(actor, args),
  },
  Mutation: {
    addServerDomain: (_, args, { actor, services }) => services.domains.addServerDomain(actor, args),
    removeServerDomain: (_, args, { actor, services }) => services.domains.removeServerDomain(actor, args),
    recheckServerDomain: (_, args, { actor, services }) => services.domains.recheckServerDomain(actor, args),
  },
  ServerDomain: {
    records: (row, _, { services }) => services.domains.records(row),
  },
};
