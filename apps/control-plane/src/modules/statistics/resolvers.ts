import type { Resolvers } from '../../generated/resolvers.ts';

export const statisticsResolvers: Resolvers = {
  Query: {
    getCenterStatistics: (_, args, { actor, services }) => services.statistics.getCenterStatistics(actor, args),
  },
};
