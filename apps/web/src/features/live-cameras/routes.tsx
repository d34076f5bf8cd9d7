import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

/** Watching needs `cameras.watch`; the reports and streaming screens `cameras.manage` (authorization matrix). */
const WATCH = { role: 'user', permissions: ['cameras.watch'] } as const;
const MANAGE = { role: 'manager', permissions: ['cameras.manage'] } as const;

const gridPage = lazyPage(() => import('./pages/camera-grid.page'), 'CameraGridPage');
const cameras = 'shell:features.cameras';
const reports = 'shell:features.reports';

/** The live-camera screens (translations in the `cameras` namespace). */
export function liveCameraRoutes(kind: CentreKind | null): RouteObject[] {
  const route = (path: string, handle: RouteHandle, lazy: NonNullable<RouteObject['lazy']>): RouteObject => ({ path, handle, lazy });
  const routes: RouteObject[] = [
    // parents (and staff, who watch by role and location)
    route(paths.userStudentsCameras.pattern, { access: WATCH, title: cameras }, gridPage),
    route(
      paths.studentsCameras.pattern,
      { access: WATCH, title: cameras },
      lazyPage(() => import('./pages/camera-player.page'), 'CameraPlayerPage'),
    ),
    // managers: reports
    route(
      paths.dailylogins.pattern,
      { access: MANAGE, title: 'shell:menu.cameraLogins' },
      lazyPage(() => import('./pages/login-report.page'), 'LoginReportPage'),
    ),
    route(
      paths.dailywatchtime.pattern,
      { access: MANAGE, title: 'shell:menu.watchTime' },
      lazyPage(() => import('./pages/watch-time.page'), 'WatchTimePage'),
    ),
    route(
      paths.cameraBeingWatched.pattern,
      { access: MANAGE, title: reports },
      lazyPage(() => import('./pages/live-sessions.page'), 'CamerasBeingWatchedPage'),
    ),
    route(
      paths.onlineContactsReport.pattern,
      { access: MANAGE, title: reports },
      lazyPage(() => import('./pages/live-sessions.page'), 'OnlineContactsPage'),
    ),
    // managers and the owner: streaming
    route(
      paths.streamingServers.pattern,
      { access: MANAGE, title: 'shell:titles.streamingServers' },
      lazyPage(() => import('./pages/streaming-servers.page'), 'StreamingServersPage'),
    ),
    route(
      paths.streamings.pattern,
      { access: MANAGE, title: cameras },
      lazyPage(() => import('./pages/streamings.page'), 'StreamingsPage'),
    ),
  ];
  if (kind === 'petcare') routes.push(route(paths.contactPetsCameras.pattern, { access: WATCH, title: 'shell:menu.petCameras' }, gridPage));
  return routes;
}
