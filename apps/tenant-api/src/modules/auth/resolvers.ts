import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { login, logout, refreshToken, verifyAutologin, type LoginPayload } from './service/sign-in.ts';
import { approveUser, register, resendTokenEmail, verifyEmail } from './service/registration.ts';
import { forgotPassword, requestEmailChange, updateForgottenPassword, verifyEmailChange } from './service/recovery.ts';
import { resendInvitedUserEmail, updateInvitedUserPassword, verifyInvitedUserEmail } from './service/invitation.ts';
import { findFullUser, JUST_OPENED_SUPPORT } from '../access/index.ts';

type Args = Record<string, unknown>;

export const authResolvers: Resolvers = {
  Query: {
    me: async (_: unknown, __: Args, ctx: RequestContext) =>
      ctx.viewer ? (ctx.viewer.user ?? (await findFullUser(ctx.db, ctx.viewer.id)) ?? null) : null,
  },
  Mutation: {
    register: (_: unknown, args: Args, ctx: RequestContext) => register(ctx, args),
    verifyEmail: (_: unknown, args: Args, ctx: RequestContext) => verifyEmail(ctx, args),
    resendTokenEmail: (_: unknown, args: Args, ctx: RequestContext) => resendTokenEmail(ctx, args),
    login: (_: unknown, args: { username: string; password: string; device?: string | null }, ctx: RequestContext) => login(ctx, args),
    refreshToken: (_: unknown, args: { refresh_token: string }, ctx: RequestContext) => refreshToken(ctx, args),
    logout: (_: unknown, args: { session_id?: string | null }, ctx: RequestContext) => logout(ctx, args),
    forgotPassword: (_: unknown, args: Args, ctx: RequestContext) => forgotPassword(ctx, args),
    updateForgottenPassword: (_: unknown, args: Args, ctx: RequestContext) => updateForgottenPassword(ctx, args),
    verifyInvitedUserEmail: (_: unknown, args: Args, ctx: RequestContext) => verifyInvitedUserEmail(ctx, args),
    resendInvitedUserEmail: (_: unknown, args: Args, ctx: RequestContext) => resendInvitedUserEmail(ctx, args),
    updateInvitedUserPassword: (_: unknown, args: Args, ctx: RequestContext) => updateInvitedUserPassword(ctx, args),
    verifyAutologin: (_: unknown, args: { token: string }, ctx: RequestContext) => verifyAutologin(ctx, args),
    approveUser: (_: unknown, args: Args, ctx: RequestContext) => approveUser(ctx, args),
    requestEmailChange: (_: unknown, args: Args, ctx: RequestContext) => requestEmailChange(ctx, args),
    verifyEmailChange: (_: unknown, args: Args, ctx: RequestContext) => verifyEmailChange(ctx, args),
  },
  LoginResult: {
    // The service returns the user id; the User type's own resolvers and loaders do the rest.
    user: async (parent: LoginPayload, _: Args, ctx: RequestContext) => {
      if (!parent.user) return null;
      const row = await findFullUser(ctx.db, parent.user.id);
      if (!row) return null;
      return parent.user.support ? { ...row, [JUST_OPENED_SUPPORT]: parent.user.support } : row;
    },
  },
};
