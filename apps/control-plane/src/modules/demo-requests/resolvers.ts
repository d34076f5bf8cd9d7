import type { Resolvers } from '../../generated/resolvers.ts';

export const demoRequestResolvers: Resolvers = {
  Query: {
    getDemoRequests: (_, args, { actor, services }) => services.demoRequests.getDemoRequests(actor, args),
  },
  Mutation: {
    createDemoRequest: (_, args, { actor, services }) => services.demoRequests.createDemoRequest(actor, args),
    updateDemoRequest: (_, args, { actor, services }) => services.demoRequests.updateDemoRequest(actor, args),
    sendSignupLink: (_, args, { actor, services }) => services.demoRequests.sendSignupLink(actor, args),
  },
};
