import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PermissionName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';
import type { LoadMediaUpload } from './lib/media';

/**
 * The gate's permissions for what each page loads (authorization matrix): entries need
 * activities.manage; quick entry reads the room's check-ins (attendance.manage) and the children's
 * medications (students.view); the report's child list and receivers read students (students.view).
 */
const QUICK: readonly PermissionName[] = ['activities.manage', 'attendance.manage', 'students.view'];
const FEED: readonly PermissionName[] = ['activities.manage'];
const REPORT: readonly PermissionName[] = ['activities.manage', 'students.view'];

function route(
  path: PathName,
  title: string,
  permissions: readonly PermissionName[],
  lazyRoute: NonNullable<RouteObject['lazy']>,
): RouteObject {
  const handle: RouteHandle = { access: { role: 'teacher', permissions }, title };
  return { path: paths[path].pattern, handle, lazy: lazyRoute };
}

/**
 * A child's (pet's) day on its profile (people): the app hands it in, so it loads on its own,
 * only where it is shown.
 */
export const StudentActivitiesPanel = lazy(() => import('./components/student-feed').then((m) => ({ default: m.StudentFeed })));

/** The parent's /home: each child's latest entries (handed to the dashboard by the app). */
export const LatestActivitiesWidget = lazy(() => import('./components/latest-activities').then((m) => ({ default: m.LatestActivities })));

/** What other features hand in (through the app): the photos area's upload, for photo and video entries. */
export interface ActivitiesHandIns {
  loadMediaUpload?: LoadMediaUpload;
}

/** The daily activity screens (translations in the `activities` namespace): teachers and above. */
export function activitiesRoutes(kind: CentreKind | null, handIns: ActivitiesHandIns = {}): RouteObject[] {
  void kind;
  return [
    route('activities', 'shell:menu.activities', QUICK, async () => {
      const { QuickEntryPage } = await import('./pages/quick-entry.page');
      return { Component: () => <QuickEntryPage loadMediaUpload={handIns.loadMediaUpload} /> };
    }),
    route(
      'roomFeed',
      'shell:menu.roomFeed',
      FEED,
      lazyPage(() => import('./pages/room-feed.page'), 'RoomFeedPage'),
    ),
    route(
      'activityReport',
      'shell:menu.activityReport',
      REPORT,
      lazyPage(() => import('./pages/activity-report.page'), 'ActivityReportPage'),
    ),
  ];
}
