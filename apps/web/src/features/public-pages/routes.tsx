import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

const notAvailable = lazyPage(() => import('./pages/not-available.page'), 'NotAvailablePage');
const notFound = lazyPage(() => import('./pages/not-found.page'), 'NotFoundPage');
const guest = (title: string): RouteHandle => ({ access: { role: 'guest' }, title });

/** Guest pages of spec §2 whose features come later: each shows a clear "not available yet". */
const PENDING_GUEST_PAGES = [
  [paths.unsubscribe.pattern, 'common:guestPages.titles.unsubscribe'],
  [paths.demo.pattern, 'common:guestPages.titles.demo'],
  [paths.customerSignup.pattern, 'common:guestPages.titles.customerSignup'],
  [paths.packages.pattern, 'common:guestPages.titles.packages'],
  [paths.customerPayment.pattern, 'common:guestPages.titles.customerPayment'],
  [paths.customerCenterSetup.pattern, 'common:guestPages.titles.customerCenterSetup'],
  [paths.webFormPreview.pattern, 'common:guestPages.titles.webFormPreview'],
  [paths.oauth2callback.pattern, 'common:guestPages.titles.oauth2callback'],
  [paths.googleIntegration.pattern, 'common:guestPages.titles.googleIntegration'],
] as const;

export const pendingGuestRoutes: RouteObject[] = PENDING_GUEST_PAGES.map(([path, title]) => ({
  path,
  handle: guest(title),
  lazy: notAvailable,
}));

export const notFoundRoutes: RouteObject[] = [
  { path: paths.error404.pattern, handle: guest('common:notFound.title'), lazy: notFound },
  { path: paths.error404Alt.pattern, handle: guest('common:notFound.title'), lazy: notFound },
];
