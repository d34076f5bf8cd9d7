import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { guestPaths } from '../../lib/guest-paths';
import type { RouteHandle } from '../../lib/route-handle';

const guest = (title: string): RouteHandle => ({ access: { role: 'guest' }, title });

/** The pages beside sign-in (login-route.ts) on the sign-in background artwork (AuthLayout). */
export const authRoutes: RouteObject[] = [
  {
    path: guestPaths.register.pattern,
    handle: guest('account:register.title'),
    lazy: lazyPage(() => import('./pages/register.page'), 'RegisterPage'),
  },
  {
    path: guestPaths.emailConfirmation.pattern,
    handle: guest('account:emailConfirmation.title'),
    lazy: lazyPage(() => import('./pages/email-confirmation.page'), 'EmailConfirmationPage'),
  },
  {
    path: guestPaths.verifyEmail.pattern,
    handle: guest('account:verifyEmail.title'),
    lazy: lazyPage(() => import('./pages/verify-email.page'), 'VerifyEmailPage'),
  },
  {
    path: guestPaths.verifyInvitedEmail.pattern,
    handle: guest('account:invited.title'),
    lazy: lazyPage(() => import('./pages/verify-invited-email.page'), 'VerifyInvitedEmailPage'),
  },
  {
    path: guestPaths.verifyInvitedPhone.pattern,
    handle: guest('account:invitedPhone.title'),
    lazy: lazyPage(() => import('./pages/verify-invited-phone.page'), 'VerifyInvitedPhonePage'),
  },
  {
    path: guestPaths.forgotPassword.pattern,
    handle: guest('account:forgot.title'),
    lazy: lazyPage(() => import('./pages/forgot-password.page'), 'ForgotPasswordPage'),
  },
  {
    path: guestPaths.resetPassword.pattern,
    handle: guest('account:reset.title'),
    lazy: lazyPage(() => import('./pages/reset-password.page'), 'ResetPasswordPage'),
  },
  {
    path: guestPaths.resendConfirmationEmail.pattern,
    handle: guest('account:resend.title'),
    lazy: lazyPage(() => import('./pages/resend-confirmation.page'), 'ResendConfirmationPage'),
  },
];

/** Token pages without the artwork. */
export const authLinkRoutes: RouteObject[] = [
  {
    path: guestPaths.approveUser.pattern,
    handle: guest('account:approve.title'),
    lazy: lazyPage(() => import('./pages/approve-user.page'), 'ApproveUserPage'),
  },
  {
    path: guestPaths.verifyAutologin.pattern,
    handle: guest('account:autologin.title'),
    lazy: lazyPage(() => import('./pages/verify-autologin.page'), 'VerifyAutologinPage'),
  },
];
