import { Navigate, matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { AuthLayout } from '../components/guest/guest-layout';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { loginRoute } from '../features/auth/login-route';
import { guestPaths } from '../lib/guest-paths';
import type { CentreKind } from '../lib/menu';
import { RootRoute } from './root-route';

/** The routes that take the tables loaded on demand (`patchCentreRoutes`). */
export const ROOT_ROUTE_ID = 'root';
export const AUTH_LAYOUT_ID = 'auth-layout';

export interface CentreRouteTables {
  /** Below the sign-in artwork, beside the sign-in page. */
  auth: RouteObject[];
  /** Below the top route: the other guest pages, the guarded main layout. */
  root: RouteObject[];
}

/**
 * The centre host's routes. The app starts with the sign-in page only, and unknown paths to
 * /pages/error-404; the other pages come in on demand (`patchCentreRoutes`), so the sign-in page
 * never downloads their tables. Every page but the sign-in page sits below a `graphqlRoute`.
 */
export function centreRoutes(tables: CentreRouteTables = { auth: [], root: [] }): RouteObject[] {
  return [
    {
      id: ROOT_ROUTE_ID,
      element: <RootRoute />,
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteError />,
      children: [
        { id: AUTH_LAYOUT_ID, element: <AuthLayout />, errorElement: <RouteError />, children: [loginRoute, ...tables.auth] },
        ...tables.root,
        // Until the tables are patched in, every other path falls here, and a splat match is what
        // makes the router ask `patchRoutesOnNavigation` for more routes.
        { path: '*', element: <Navigate to={guestPaths.error404.to()} replace /> },
      ],
    },
  ];
}

/** An import that a later navigation may try again when this one failed. */
function retryable<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}

/**
 * Loads the route tables on the first navigation the routes at hand do not answer: the guest
 * pages first, then, unless the path is one of them, the signed-in pages (a guest on a guest page
 * never downloads those). Each table is patched in once.
 */
export function patchCentreRoutes(kind: CentreKind | null): PatchRoutesOnNavigationFunction {
  const guest = retryable(() => import('./centre-guest-routes').then((m) => m.guestRouteTables()));
  const signedIn = retryable(() => import('./centre-signed-in-routes').then((m) => m.signedInLayoutRoute(kind)));
  let guestPatched = false;
  let signedInPatched = false;
  return async ({ path, patch, signal }) => {
    if (!guestPatched) {
      const tables = await guest();
      if (signal.aborted) return;
      if (!guestPatched) {
        patch(AUTH_LAYOUT_ID, tables.auth);
        patch(ROOT_ROUTE_ID, tables.root);
        guestPatched = true;
      }
      if (matchRoutes([...tables.auth, ...tables.root], path)) return;
    }
    if (signedInPatched) return;
    const layout = await signedIn();
    if (signedInPatched || signal.aborted) return;
    patch(ROOT_ROUTE_ID, [layout]);
    signedInPatched = true;
  };
}
