import type { RouteObject } from 'react-router-dom';
import { accessRoutes } from '../features/access/routes';
import { RoomRatioWidget, attendanceRoutes } from '../features/attendance/routes';
import { setupRoutes } from '../features/centre-setup/routes';
import { dashboardRoutes } from '../features/dashboard/routes';
import { liveCameraRoutes } from '../features/live-cameras/routes';
import { peopleRoutes } from '../features/people/routes';
import { settingsRoutes } from '../features/settings/routes';
import { upcomingRoutes } from '../features/upcoming/routes';
import type { CentreKind } from '../lib/menu';

/** Everything inside the main layout: each feature's pages, then the pages of later issues on the paths no feature serves yet. */
export function signedInRoutes(kind: CentreKind | null): RouteObject[] {
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
  return [...served, ...upcomingRoutes(kind, servedPaths)];
}
