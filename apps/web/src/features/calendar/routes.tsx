import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

/** The parent's /home: the next events of their children's calendars (handed to the dashboard by the app). */
export const UpcomingEventsWidget = lazy(() => import('./components/upcoming-events').then((m) => ({ default: m.UpcomingEvents })));

/**
 * /calendar (translations in the `calendar` namespace): staff and parents (read-only). FullCalendar
 * comes with the page's own chunk, never the entry's.
 */
export function calendarRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  const handle: RouteHandle = { access: { role: 'user' }, title: 'shell:menu.calendar' };
  return [
    { path: paths.calendar.pattern, handle, lazy: lazyPage(() => import('./pages/calendar.page'), 'CalendarPage') },
    // Google's answer, via /oauth2callback on the platform host (managers link calendars).
    {
      path: paths.googleIntegration.pattern,
      handle: { access: { role: 'manager' }, title: 'pages:guestPages.titles.googleIntegration' } satisfies RouteHandle,
      lazy: lazyPage(() => import('./pages/google-integration.page'), 'GoogleIntegrationPage'),
    },
  ];
}

/** /oauth2callback on the platform host (a guest page: Google sends any browser here). */
export const googleCallbackRoutes: RouteObject[] = [
  {
    path: paths.oauth2callback.pattern,
    handle: { access: { role: 'guest' }, title: 'pages:guestPages.titles.oauth2callback' } satisfies RouteHandle,
    lazy: lazyPage(() => import('./pages/oauth2callback.page'), 'OAuth2CallbackPage'),
  },
];
