import type { Resolvers } from '../../generated/resolvers.ts';

export const provisioningResolvers: Resolvers = {
  Query: {
    centerProvisioning: (_, args, { actor, services }) => services.provisioning.centerProvisioning(actor, args),
  },
  Mutation: {
    retryProvisioning: (_, args, { actor, services }) => services.provisioning.retryProvisioning(actor, args),
  },
};
