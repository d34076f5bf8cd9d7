import type { RouteObject } from 'react-router-dom';
import { guestPaths } from '../../lib/guest-paths';
import { lazyPage } from '../../lib/lazy-page';
import type { RouteHandle } from '../../lib/route-handle';

/**
 * The sign-in page, the one page the centre app starts with: apart from the other auth pages
 * (routes.tsx), whose table loads on demand. It talks to the API without the GraphQL client.
 */
export const loginRoute: RouteObject = {
  path: guestPaths.login.pattern,
  handle: { access: { role: 'guest' }, title: 'auth:login.title' } satisfies RouteHandle,
  lazy: lazyPage(() => import('./pages/login.page'), 'LoginPage'),
};
