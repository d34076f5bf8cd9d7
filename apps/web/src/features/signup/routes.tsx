import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { guestPaths } from '../../lib/guest-paths';
import type { RouteHandle } from '../../lib/route-handle';

const guest = (title: string): RouteHandle => ({ access: { role: 'guest' }, title });

/** The sign-up funnel on the platform host (guest): plans, sign-up with the emailed PIN, payment, setup. */
export const signupGuestRoutes: RouteObject[] = [
  {
    path: guestPaths.packages.pattern,
    handle: guest('signup:packages.title'),
    lazy: lazyPage(() => import('./pages/packages.page'), 'PackagesPage'),
  },
  {
    path: guestPaths.customerSignup.pattern,
    handle: guest('signup:signup.title'),
    lazy: lazyPage(() => import('./pages/customer-signup.page'), 'CustomerSignupPage'),
  },
  {
    path: guestPaths.customerPayment.pattern,
    handle: guest('signup:payment.title'),
    lazy: lazyPage(() => import('./pages/customer-payment.page'), 'CustomerPaymentPage'),
  },
  {
    path: guestPaths.customerCenterSetup.pattern,
    handle: guest('signup:setup.title'),
    lazy: lazyPage(() => import('./pages/center-setup.page'), 'CenterSetupPage'),
  },
];
