import { definePath } from './path-builder';

/** The pages a guest may open. */
export const guestPagePaths = {
  login: definePath('/login'),
  register: definePath('/register/:code?'),
  emailConfirmation: definePath('/email-confirmation'),
  verifyAutologin: definePath('/verify-autologin/:token?'),
  verifyEmail: definePath('/verify-email/:pin_time?'),
  verifyInvitedEmail: definePath('/viue/:pin_time'),
  verifyInvitedPhone: definePath('/viup/:pin_time'),
  resetPassword: definePath('/password/reset/:token?'),
  approveUser: definePath('/approve-user/:token'),
  forgotPassword: definePath('/forgot-password'),
  resendConfirmationEmail: definePath('/resend-confirmation-email'),
  error404: definePath('/pages/error-404'),
  error404Alt: definePath('/pages/404-error'),
  unsubscribe: definePath('/unsubscribe/:token?'),
  timeClockPage: definePath('/time-clock-page/:location'),
  demo: definePath('/demo/:action?'),
  customerSignup: definePath('/customer-signup/:action?'),
  packages: definePath('/packages'),
  customerPayment: definePath('/customer-payment'),
  customerCenterSetup: definePath('/customer-center-setup/:token?'),
  webFormPreview: definePath('/web-form/:formId/view'),
} as const;

/**
 * The paths of the sign-in path: the guest pages and where each role lands (lib/entry). `paths`
 * (lib/paths) adds every other page; what the sign-in page loads imports these, so it does not
 * download the whole table.
 */
export const guestPaths = {
  root: definePath('/'),
  home: definePath('/home'),
  dashboard: definePath('/dashboard'),
  blogs: definePath('/blogs'),
  centersList: definePath('/centers-list'),
  ...guestPagePaths,
} as const;
