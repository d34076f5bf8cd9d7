import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PermissionName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths, type PathName } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

function route(
  path: PathName,
  title: string,
  permissions: readonly PermissionName[],
  lazyRoute: NonNullable<RouteObject['lazy']>,
): RouteObject {
  const handle: RouteHandle = { access: { role: 'teacher', permissions }, title };
  return { path: paths[path].pattern, handle, lazy: lazyRoute };
}

/** The parent's /home: announcements live for them now (handed to the dashboard by the app). */
export const TopAnnouncementsWidget = lazy(() => import('./components/home-widgets').then((m) => ({ default: m.TopAnnouncementsWidget })));
/** The parent's /home: items pinned until acknowledged. */
export const ActionItemsWidget = lazy(() => import('./components/home-widgets').then((m) => ({ default: m.ActionItemsWidget })));

/** Announcements (announcements.manage) and the alert / instant SMS page (messages.send): teachers and above. */
export function announcementsRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  return [
    route(
      'announcements',
      'shell:menu.announcements',
      ['announcements.manage'],
      lazyPage(() => import('./pages/announcements.page'), 'AnnouncementsPage'),
    ),
    // The child picker reads students (students.view).
    route(
      'instantMessage',
      'shell:menu.instantMessage',
      ['messages.send', 'students.view'],
      lazyPage(() => import('./pages/instant-message.page'), 'InstantMessagePage'),
    ),
  ];
}
