import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';

type Args = Record<string, unknown>;
type Svc = (ctx: RequestContext, args: Args) => unknown;

const r = (svc: Svc) => (_: unknown, args: Args, ctx: RequestContext) => svc(ctx, args);

export const familyResolvers = {
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
