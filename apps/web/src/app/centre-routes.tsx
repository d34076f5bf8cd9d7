import { Navigate, type RouteObject } from 'react-router-dom';
import { AuthLayout, PlainGuestLayout } from '../components/guest/guest-layout';
import { PageLoader } from '../components/page-loader';
import { RouteError } from '../components/route-error';
import { RouteGuard } from '../components/route-guard';
import { accessRoutes } from '../features/access/routes';
import { RoomRatioWidget, attendanceGuestRoutes, attendanceRoutes } from '../features/attendance/routes';
import { authLinkRoutes, authRoutes } from '../features/auth/routes';
import { setupRoutes } from '../features/centre-setup/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { liveCameraRoutes } from '../features/live-cameras/routes';
import { peopleRoutes } from '../features/people/routes';
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
  const served = [
    ...dashboardRoutes({ roomRatio: RoomRatioWidget }),
    ...accessRoutes,
    ...settingsRoutes,
    ...setupRoutes(kind),
    ...peopleRoutes(kind),
    ...attendanceRoutes(kind),
    ...liveCameraRoutes(kind),
  ];
  const servedPaths = new Set(served.map((route) => route.path));
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
          children: [...authLinkRoutes, ...attendanceGuestRoutes, ...pendingGuestRoutes, ...notFoundRoutes],
        },
        {
          path: '/',
          element: <RouteGuard />,
          children: [
            {
              lazy: async () => ({ Component: (await import('./centre-layout')).CentreLayout }),
              errorElement: <RouteError />,
              children: [...served, ...upcomingRoutes(kind, servedPaths)],
            },
          ],
        },
        { path: '*', element: <Navigate to={paths.error404.to()} replace /> },
      ],
    },
  ];
}
