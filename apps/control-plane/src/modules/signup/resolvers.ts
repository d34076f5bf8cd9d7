import type { Resolvers } from '../../generated/resolvers.ts';

export const signupResolvers: Resolvers = {
  Query: {
    checkCenterSlug: (_, args, { actor, services }) => services.signup.checkCenterSlug(actor, args),
    getCenterSetup: (_, args, { actor, services }) => services.signup.getCenterSetup(actor, args),
  },
  Mutation: {
    startCustomerSignup: (_, args, { actor, services }) => services.signup.startCustomerSignup(actor, args),
    verifyCustomerSignup: (_, args, { actor, services }) => services.signup.verifyCustomerSignup(actor, args),
    saveCenterSetup: (_, args, { actor, services }) => services.signup.saveCenterSetup(actor, args),
  },
};
