import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';

type Args = Record<string, unknown>;

/** A field resolver that hands the arguments to a service, its answer's type kept for the generated types. */
const r =
  <T>(svc: (ctx: RequestContext, args: Args) => T) =>
  (_: unknown, args: Args, ctx: RequestContext) =>
    svc(ctx, args);

export const familyResolvers: Resolvers = {
  Query: {
    getParentDirectory: r(service.getParentDirectory),
    checkStudentProfilePermission: r(service.checkStudentProfilePermission),
    checkUserProfilePermission: r(service.checkUserProfilePermission),
    checkTeamProfilePermission: r(service.checkTeamProfilePermission),
    getStudentEditPermissions: r(service.getStudentEditPermissions),
  },
  Mutation: {
    createStudentUserByParent: r(service.createStudentUserByParent),
    addStudentByQrCode: r(service.addStudentByQrCode),
    generateStudentQrCode: r(service.generateStudentQrCode),
    updateParentDirectoryPrivacy: r(service.updateParentDirectoryPrivacy),
    updateProfile: r(service.updateProfile),
  },
};
