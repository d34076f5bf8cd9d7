import { Navigate, type RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';
import { UPCOMING_ROUTES, type UpcomingFeature, type UpcomingRoute } from './upcoming-routes';

const upcomingPage = lazyPage(() => import('./pages/upcoming.page'), 'UpcomingPage');

function titleOf(route: UpcomingRoute): string {
  return route.title ?? `shell:features.${route.feature}`;
}

const byPath = new Map(UPCOMING_ROUTES.map((route) => [route.path, route]));

/**
 * Routes of later issues: each has its real path and role rule, and says which feature it waits for.
 * Paths a feature already serves (`served`) are skipped.
 */
export function upcomingRoutes(kind: CentreKind | null, served: ReadonlySet<string | undefined> = new Set()): RouteObject[] {
  const routes: RouteObject[] = UPCOMING_ROUTES.filter(
    (route) => (!route.kinds || (kind !== null && route.kinds.includes(kind))) && !served.has(paths[route.path].pattern),
  ).map((route) => {
    const handle: RouteHandle & { feature: UpcomingFeature } = {
      access: { role: route.role },
      title: titleOf(route),
      parents: route.parent ? [{ title: titleOf(byPath.get(route.parent) ?? route), path: route.parent }] : undefined,
      feature: route.feature,
    };
    return { path: paths[route.path].pattern, handle, lazy: upcomingPage };
  });
  // /blogs opens the posts list (spec: "/blogs redirects to /blogs/posts").
  routes.push({
    path: paths.blogs.pattern,
    handle: { access: { role: 'blog' }, noCrumb: true },
    element: <Navigate to={paths.blogsPosts.to()} replace />,
  });
  return routes;
}
