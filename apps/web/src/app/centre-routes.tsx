import { Navigate, matchPath, matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router-dom';
import { AuthLayout } from '../components/guest/guest-layout';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { loginRoute } from '../features/auth/login-route';
import { guestPagePaths, guestPaths } from '../lib/guest-paths';
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

const GUEST_PAGES = Object.values(guestPagePaths).map((path) => path.pattern);

/** A guest page's path (one of `guestPagePaths`), known before its table is loaded. */
export function isGuestPage(pathname: string): boolean {
  return GUEST_PAGES.some((pattern) => matchPath(pattern, pathname));
}

/**
 * Loads a route table on the first navigation the routes at hand do not answer, and patches it
 * in once: the guest pages' for a guest page, the signed-in pages' otherwise (a guest on a guest
 * page never downloads that one, a signed-in page waits for no other). A path neither answers
 * gets the guest pages too, whose 404 page it is then sent to.
 */
export function patchCentreRoutes(kind: CentreKind | null): PatchRoutesOnNavigationFunction {
  const guest = retryable(() => import('./centre-guest-routes').then((m) => m.guestRouteTables()));
  const signedIn = retryable(() => import('./centre-signed-in-routes').then((m) => m.signedInLayoutRoute(kind)));
  let guestPatched = false;
  let signedInPatched = false;
  return async ({ path, patch, signal }) => {
    if (!isGuestPage(path) && !signedInPatched) {
      const layout = await signedIn();
      if (signal.aborted) return;
      if (!signedInPatched) {
        patch(ROOT_ROUTE_ID, [layout]);
        signedInPatched = true;
      }
      if (matchRoutes([layout], path)) return;
    }
    if (guestPatched) return;
    const tables = await guest();
    if (guestPatched || signal.aborted) return;
    patch(AUTH_LAYOUT_ID, tables.auth);
    patch(ROOT_ROUTE_ID, tables.root);
    guestPatched = true;
  };
}
