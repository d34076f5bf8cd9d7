import type { Resolver } from '../../graphql/context.ts';
import type { PageArgs } from '../../graphql/pagination.ts';
import type { CreateOperatorInput, UpdateOperatorInput } from './service.ts';

export const operatorResolvers = {
  Query: {
    me: ((_, _args, { actor, services }) => services.operators.me(actor)) as Resolver,
    operators: ((_, args, { actor, services }) => services.operators.operators(actor, args)) as Resolver<PageArgs & { search?: string }>,
  },
  Mutation: {
    login: ((_, args, { actor, services }) => services.operators.login(actor, args)) as Resolver<{
      username: string;
      password: string;
      device?: string;
    }>,
    refreshToken: ((_, args, { actor, services }) => services.operators.refreshToken(actor, args)) as Resolver<{ refresh_token: string }>,
    logout: ((_, args, { actor, services }) => services.operators.logout(actor, args)) as Resolver<{ session_id?: string }>,
    createOperator: ((_, args, { actor, services }) => services.operators.createOperator(actor, args)) as Resolver<CreateOperatorInput>,
    updateOperator: ((_, args, { actor, services }) => services.operators.updateOperator(actor, args)) as Resolver<UpdateOperatorInput>,
  },
};
