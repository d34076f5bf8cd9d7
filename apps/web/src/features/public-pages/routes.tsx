import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { guestPaths } from '../../lib/guest-paths';
import type { RouteHandle } from '../../lib/route-handle';

const notAvailable = lazyPage(() => import('./pages/not-available.page'), 'NotAvailablePage');
const notFound = lazyPage(() => import('./pages/not-found.page'), 'NotFoundPage');
const guest = (title: string): RouteHandle => ({ access: { role: 'guest' }, title });

/** Guest pages of spec §2 whose features come later: each shows a clear "not available yet". */
const PENDING_GUEST_PAGES = [
  [guestPaths.webFormPreview.pattern, 'pages:guestPages.titles.webFormPreview'],
] as const;

export const pendingGuestRoutes: RouteObject[] = PENDING_GUEST_PAGES.map(([path, title]) => ({
  path,
  handle: guest(title),
  lazy: notAvailable,
}));

export const notFoundRoutes: RouteObject[] = [
  { path: guestPaths.error404.pattern, handle: guest('pages:notFound.title'), lazy: notFound },
  { path: guestPaths.error404Alt.pattern, handle: guest('pages:notFound.title'), lazy: notFound },
];
