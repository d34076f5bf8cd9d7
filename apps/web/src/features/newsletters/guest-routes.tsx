import type { RouteObject } from 'react-router-dom';
import { guestPaths } from '../../lib/guest-paths';
import { lazyPage } from '../../lib/lazy-page';
import type { RouteHandle } from '../../lib/route-handle';

/** Guest /unsubscribe/:token? (a newsletter's link), outside the signed-in layout. */
export const unsubscribeGuestRoutes: RouteObject[] = [
  {
    path: guestPaths.unsubscribe.pattern,
    handle: { access: { role: 'guest' }, title: 'pages:guestPages.titles.unsubscribe' } satisfies RouteHandle,
    lazy: lazyPage(() => import('./pages/unsubscribe.page'), 'UnsubscribePage'),
  },
];
