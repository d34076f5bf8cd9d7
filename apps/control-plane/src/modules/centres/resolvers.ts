import type { Resolvers } from '../../generated/resolvers.ts';

export const centreResolvers: Resolvers = {
  Query: {
    getCenters: (_, args, { actor, services }) => services.centres.getCenters(actor, args),
    getCenter: (_, args, { actor, services }) => services.centres.getCenter(actor, args),
  },
  Mutation: {
    addCenter: (_, args, { actor, services }) => services.centres.addCenter(actor, args),
    updateCenter: (_, args, { actor, services }) => services.centres.updateCenter(actor, args),
    suspendCenter: (_, args, { actor, services }) => services.centres.suspendCenter(actor, args),
    activateCenter: (_, args, { actor, services }) => services.centres.activateCenter(actor, args),
    deleteCenter: (_, args, { actor, services }) => services.centres.deleteCenter(actor, args),
    extendCenterTrial: (_, args, { actor, services }) => services.centres.extendCenterTrial(actor, args),
  },
  Center: {
    prefix_url: (centre) => centre.slug,
    base_url: (centre, _, { services }) => services.centres.baseUrl(centre),
    port: (_centre, _, { services }) => services.centres.publicPort(),
    db: (centre) => centre.database_name ?? null,
    path: () => null,
    storage: (centre, _, { actor, services }) => services.centres.storage(actor, centre),
  },
};
