import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { guestPaths } from '../../lib/guest-paths';
import type { RouteHandle } from '../../lib/route-handle';

const notFound = lazyPage(() => import('./pages/not-found.page'), 'NotFoundPage');
const guest = (title: string): RouteHandle => ({ access: { role: 'guest' }, title });

export const notFoundRoutes: RouteObject[] = [
  { path: guestPaths.error404.pattern, handle: guest('pages:notFound.title'), lazy: notFound },
  { path: guestPaths.error404Alt.pattern, handle: guest('pages:notFound.title'), lazy: notFound },
];
