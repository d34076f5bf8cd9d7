import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as read from './service/read.ts';
import * as people from './service/people.ts';
import * as account from './service/account.ts';
import * as invite from './service/invite.ts';
import { iso, isoTime } from '../../core/result.ts';

type Args = Record<string, unknown>;

/** A field resolver that hands the arguments to a service, its answer's type kept for the generated types. */
const r =
  <T>(svc: (ctx: RequestContext, args: Args) => T) =>
  (_: unknown, args: Args, ctx: RequestContext) =>
    svc(ctx, args);
const create = (kind: people.PersonKind) => r((ctx, args) => people.createPerson(ctx, kind, args));
const update = (kind: people.PersonKind) => r((ctx, args) => people.updatePerson(ctx, kind, args));
const remove = (kind: people.PersonKind) => r((ctx, args) => people.deletePerson(ctx, kind, args));
const name = (row: { fname: string | null; lname: string | null }) => [row.fname, row.lname].filter(Boolean).join(' ') || null;

export const userResolvers: Resolvers = {
  Query: {
    user: r(read.user),
    userByEmail: r(read.userByEmail),
    userByUserName: r(read.userByUserName),
    checkUserNameExceptId: r(read.checkUserNameExceptId),
    PendingUser: r(read.pendingUsers),
    roleUsers: r(read.roleUsers),
    getTeamList: r(read.getTeamList),
    getManagersList: r(read.getManagersList),
    getAdminRolesList: r((ctx) => read.getAdminRolesList(ctx)),
    getUserSettingData: r(account.getUserSettingData),
    getUserLoginHistory: r(read.getUserLoginHistory),
    getLogReportAllUser: r(read.getLogReportAllUser),
    getUserListAlertCount: r(read.getUserListAlertCount),
    getLogReport: r(read.getLogReport),
    getInvitedLogReport: r(read.getInvitedLogReport),
  },
  Mutation: {
    createInviteUser: create('invite'),
    updateInviteUser: update('invite'),
    deleteInviteUser: remove('invite'),
    inviteMultipleUsers: r(people.inviteMultipleUsers),
    resendInviteEmail: r(invite.resendInviteEmail),
    resendInviteSms: r(invite.resendInviteSms),
    approveUserByLink: r(invite.approveUserByLink),
    verifyInvitedUserPhone: r(invite.verifyInvitedUserPhone),
    approvePendingUser: r(account.approvePendingUser),
    updateUserStatus: r(account.updateUserStatus),
    activateUser: r(account.activateUser),
    updateUserPassword: r(account.passwordSetter('user')),
    updateManagerPassword: r(account.passwordSetter('manager')),
    updateRolePassword: r(account.passwordSetter(null)),
    updateAdminPassword: r(account.passwordSetter('center')),
    createManager: create('manager'),
    updateManager: update('manager'),
    deleteManager: remove('manager'),
    createAdmin: create('admin'),
    updateAdmin: update('admin'),
    deleteAdmin: remove('admin'),
    createUser: create('contact'),
    updateUser: update('contact'),
    deleteUser: remove('contact'),
    createNewUser: create('contact'),
    updateNewUser: update('contact'),
    deleteNewUser: remove('contact'),
    createTeacher: create('teacher'),
    updateTeacher: update('teacher'),
    deleteTeacher: remove('teacher'),
    transferUsers: r(account.transferUsers),
    updateUserCameraLogins: r(account.updateUserCameraLogins),
    raiseTodayCameraLimit: r(account.raiseTodayCameraLimit),
    saveFcmToken: r(account.saveFcmToken),
  },
  User: {
    created_at: (u) => iso(u.created_at),
    updated_at: (u) => iso(u.updated_at),
  },
  LoginHistoryEntry: {
    name: (h) => name(h),
    created_at: (h) => isoTime(h.created_at),
  },
  LogReportEntry: {
    activity: (a) => a.action,
    user: (a) => a.actor_label ?? name(a),
    by_support: (a) => Boolean(a.support_session_id),
    created_at: (a) => isoTime(a.created_at),
  },
  InvitedLogEntry: {
    name: (m) => name(m) ?? '',
    delivery_status: (m) => m.status,
    pending: (m) => m.invited,
    created_at: (m) => isoTime(m.created_at),
    sent_at: (m) => iso(m.sent_at),
  },
};
