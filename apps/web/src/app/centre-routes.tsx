import { Navigate, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { AuthLayout, PlainGuestLayout } from '../components/guest/guest-layout';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { RouteGuard } from '../components/route-guard';
import { attendanceGuestRoutes } from '../features/attendance/guest-routes';
import { authLinkRoutes, authRoutes, loginRoute } from '../features/auth/routes';
import { notFoundRoutes, pendingGuestRoutes } from '../features/public-pages/routes';
import type { CentreKind } from '../lib/menu';
import { guestPaths } from '../lib/guest-paths';
import { graphqlRoute } from './graphql-route';
import { RootRoute } from './root-route';

/** The guarded main-layout route; the signed-in routes become its children. */
export const SIGNED_IN_ROUTE_ID = 'signed-in';

/**
 * The centre host's routes: guest pages outside the layout, everything else guarded and inside
 * the lazily loaded main layout, unknown paths to /pages/error-404. The app starts with
 * `signedIn` empty and patches them in on demand (`patchSignedInRoutes`). Every page but the
 * sign-in page sits below a `graphqlRoute`.
 */
export function centreRoutes(signedIn: RouteObject[] = []): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteError />,
      children: [
        { element: <AuthLayout />, errorElement: <RouteError />, children: [loginRoute, graphqlRoute(authRoutes)] },
        {
          element: <PlainGuestLayout />,
          errorElement: <RouteError />,
          children: [graphqlRoute([...authLinkRoutes, ...attendanceGuestRoutes, ...pendingGuestRoutes, ...notFoundRoutes])],
        },
        {
          // Pathless: until the signed-in routes are patched in, "/" falls to the splat below, and
          // a splat match is what makes the router ask `patchRoutesOnNavigation` for more routes.
          element: <RouteGuard />,
          children: [
            graphqlRoute([
              {
                id: SIGNED_IN_ROUTE_ID,
                lazy: async () => ({ Component: (await import('./centre-layout')).CentreLayout }),
                errorElement: <RouteError />,
                children: signedIn,
              },
            ]),
          ],
        },
        { path: '*', element: <Navigate to={guestPaths.error404.to()} replace /> },
      ],
    },
  ];
}

/**
 * Loads every feature's route table on the first navigation the guest routes do not answer (a
 * signed-in page, or an unknown path), so the sign-in page never downloads them.
 */
export function patchSignedInRoutes(kind: CentreKind | null): PatchRoutesOnNavigationFunction {
  let routes: Promise<RouteObject[]> | null = null;
  let patched = false;
  return async ({ patch, signal }) => {
    if (patched) return;
    routes ??= import('./centre-signed-in-routes').then(
      (m) => m.signedInRoutes(kind),
      (error: unknown) => {
        routes = null;
        throw error;
      },
    );
    const children = await routes;
    if (patched || signal.aborted) return;
    patch(SIGNED_IN_ROUTE_ID, children);
    patched = true;
  };
}
