import type { Resolver } from '../../graphql/context.ts';

export const provisioningResolvers = {
  Query: {
    centerProvisioning: ((_, args, { actor, services }) => services.provisioning.centerProvisioning(actor, args)) as Resolver<{
      id: string;
    }>,
  },
  Mutation: {
    retryProvisioning: ((_, args, { actor, services }) => services.provisioning.retryProvisioning(actor, args)) as Resolver<{ id: string }>,
  },
};
