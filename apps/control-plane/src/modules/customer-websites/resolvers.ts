import type { Resolvers } from '../../generated/resolvers.ts';

export const customerWebsiteResolvers: Resolvers = {
  Query: {
    getCustomerWebsites: (_, args, { actor, services }) => services.customerWebsites.getCustomerWebsites(actor, args),
  },
  Mutation: {
    takeCustomerWebsiteOffline: (_, args, { actor, services }) => services.customerWebsites.takeCustomerWebsiteOffline(actor, args),
    bringCustomerWebsiteOnline: (_, args, { actor, services }) => services.customerWebsites.bringCustomerWebsiteOnline(actor, args),
  },
};
