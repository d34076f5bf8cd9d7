import type { Resolvers } from '../../generated/resolvers.ts';

export const utilityResolvers: Resolvers = {
  Query: {
    getCenterHealth: (_, args, { actor, services }) => services.utilities.getCenterHealth(actor, args),
  },
  Mutation: {
    rerunCenterMigration: (_, args, { actor, services }) => services.utilities.rerunCenterMigration(actor, args),
    republishCenter: (_, args, { actor, services }) => services.utilities.republishCenter(actor, args),
    flushCenterCaches: (_, args, { actor, services }) => services.utilities.flushCenterCaches(actor, args),
  },
};
