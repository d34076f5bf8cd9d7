import type { Resolvers } from '../../generated/resolvers.ts';

export const supportResolvers: Resolvers = {
  Query: {
    getSupportSessions: (_, args, { actor, services }) => services.support.getSupportSessions(actor, args),
    getCenterUsers: (_, args, { actor, services }) => services.support.getCenterUsers(actor, args),
    getCenterParkedEvents: (_, args, { actor, services }) => services.support.getCenterParkedEvents(actor, args),
    getUserForCustomEmail: (_, args, { actor, services }) => services.support.getUserForCustomEmail(actor, args),
  },
  Mutation: {
    loginAsUser: (_, args, { actor, services }) => services.support.loginAsUser(actor, args),
    endSupportSession: (_, args, { actor, services }) => services.support.endSupportSession(actor, args),
    retryCenterEvent: (_, args, { actor, services }) => services.support.retryCenterEvent(actor, args),
    sendCustomEmailUtility: (_, args, { actor, services }) => services.support.sendCustomEmailUtility(actor, args),
  },
};
