import type { CpContext, Resolver } from '../../graphql/context.ts';
import type { AddCenterInput, UpdateCenterInput } from './service.ts';
import type { PageArgs } from '../../graphql/pagination.ts';
import type { CenterRow } from './repo.ts';

type Id = { id: string };

export const centreResolvers = {
  Query: {
    getCenters: ((_, args, { actor, services }) => services.centres.getCenters(actor, args)) as Resolver<
      PageArgs & { search?: string; status?: string }
    >,
    getCenter: ((_, args, { actor, services }) => services.centres.getCenter(actor, args)) as Resolver<Id>,
  },
  Mutation: {
    addCenter: ((_, args, { actor, services }) => services.centres.addCenter(actor, args)) as Resolver<AddCenterInput>,
    updateCenter: ((_, args, { actor, services }) => services.centres.updateCenter(actor, args)) as Resolver<UpdateCenterInput>,
    suspendCenter: ((_, args, { actor, services }) => services.centres.suspendCenter(actor, args)) as Resolver<Id>,
    activateCenter: ((_, args, { actor, services }) => services.centres.activateCenter(actor, args)) as Resolver<Id>,
    deleteCenter: ((_, args, { actor, services }) => services.centres.deleteCenter(actor, args)) as Resolver<Id>,
    extendCenterTrial: ((_, args, { actor, services }) => services.centres.extendCenterTrial(actor, args)) as Resolver<
      Id & { days: number }
    >,
  },
  Center: {
    storage: (centre: CenterRow, _: unknown, { actor, services }: CpContext) => services.centres.storage(actor, centre),
  },
};
