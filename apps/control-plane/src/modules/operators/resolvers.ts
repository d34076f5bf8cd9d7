import type { Resolvers } from '../../generated/resolvers.ts';

export const operatorResolvers: Resolvers = {
  Query: {
    me: (_, _args, { actor, services }) => services.operators.me(actor),
    operators: (_, args, { actor, services }) => services.operators.operators(actor, args),
  },
  Mutation: {
    login: (_, args, { actor, services }) => services.operators.login(actor, args),
    refreshToken: (_, args, { actor, services }) => services.operators.refreshToken(actor, args),
    logout: (_, args, { actor, services }) => services.operators.logout(actor, args),
    createOperator: (_, args, { actor, services }) => services.operators.createOperator(actor, args),
    updateOperator: (_, args, { actor, services }) => services.operators.updateOperator(actor, args),
  },
};
