import { Navigate, type RouteObject } from 'react-router-dom';
import { AuthLayout, PlainGuestLayout } from '../components/guest/guest-layout';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { RouteGuard } from '../components/route-guard';
import { accessRoutes } from '../features/access/routes';
import { authLinkRoutes, authRoutes } from '../features/auth/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { notFoundRoutes, pendingGuestRoutes } from '../features/public-pages/routes';
import { settingsRoutes } from '../features/settings/routes';
import { upcomingRoutes } from '../features/upcoming/routes';
import type { CentreKind } from '../lib/menu';
import { paths } from '../lib/paths';
import { RootRoute } from './root-route';

/**
 * The centre host's routes: guest pages outside the layout, everything else guarded and inside
 * the lazily loaded main layout, unknown paths to /pages/error-404.
 */
export function centreRoutes(kind: CentreKind | null): RouteObject[] {
  return [
    {
      element: <RootRoute />,
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteError />,
      children: [
        { element: <AuthLayout />, errorElement: <RouteError />, children: authRoutes },
        {
          element: <PlainGuestLayout />,
          errorElement: <RouteError />,
          children: [...authLinkRoutes, ...pendingGuestRoutes, ...notFoundRoutes],
        },
        {
          path: '/',
          element: <RouteGuard />,
          children: [
            {
              lazy: async () => ({ Component: (await import('./centre-layout')).CentreLayout }),
              errorElement: <RouteError />,
              children: [...dashboardRoutes, ...accessRoutes, ...settingsRoutes, ...upcomingRoutes(kind)],
            },
          ],
        },
        { path: '*', element: <Navigate to={paths.error404.to()} replace /> },
      ],
    },
  ];
}
