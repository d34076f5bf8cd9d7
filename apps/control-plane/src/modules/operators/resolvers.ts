import { AppError } from '@kv/server';
import type { Resolvers } from '../../generated/resolvers.ts';
import { OperatorError } from './errors.ts';

export const operatorResolvers: Resolvers = {
  Query: {
    me: (_, _args, { actor, services }) => services.operators.me(actor),
    operators: (_, args, { actor, services }) => services.operators.operators(actor, args),
  },
  Mutation: {
    // The sign-in throttle charged this login before execution: a wrong password keeps the
    // charge, a success gives it back and remembers the browser (plugins/app/login-throttle.ts).
    login: async (_, args, { actor, services, logins }) => {
      let failed = false;
      try {
        const answer = await services.operators.login(actor, args);
        await logins?.knownDevice(String(answer.user.id));
        return answer;
      } catch (e) {
        failed = e instanceof AppError && e.code === OperatorError.InvalidCredentials;
        throw e;
      } finally {
        await logins?.settle(args.username, failed);
      }
    },
    refreshToken: (_, args, { actor, services }) => services.operators.refreshToken(actor, args),
    logout: (_, args, { actor, services }) => services.operators.logout(actor, args),
    createOperator: (_, args, { actor, services }) => services.operators.createOperator(actor, args),
    updateOperator: (_, args, { actor, services }) => services.operators.updateOperator(actor, args),
  },
};
