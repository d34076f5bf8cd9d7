import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** Widgets other features offer the manager dashboard; the app passes them in (features never import each other). */
export interface DashboardWidgets {
  /** The live room ratio of the current location, shown when the centre turns it on (lazily loaded). */
  roomRatio?: ComponentType;
  /** A parent's children's latest daily activities on /home (lazily loaded). */
  latestActivities?: ComponentType;
  /** A parent's children's newest photos on /home (lazily loaded). */
  latestPhotos?: ComponentType;
  /** A parent's location's menu of today on /home (lazily loaded). */
  todaysMenu?: ComponentType;
  /** A parent's live announcements on /home (lazily loaded). */
  topAnnouncements?: ComponentType;
  /** A parent's pinned action items on /home, until acknowledged (lazily loaded). */
  actionItems?: ComponentType;
  /** A parent's next events of their children's calendars on /home (lazily loaded). */
  upcomingEvents?: ComponentType;
}

export function dashboardRoutes(widgets: DashboardWidgets = {}): RouteObject[] {
  return [
    {
      index: true,
      handle: { access: { role: 'user' }, title: 'shell:menu.dashboard', noCrumb: true },
      lazy: async () => {
        const { EntryPage } = await import('./pages/entry.page');
        return { Component: () => <EntryPage widgets={widgets} /> };
      },
    },
    {
      path: paths.home.pattern,
      handle: { access: { role: 'user' }, title: 'shell:menu.dashboard' },
      lazy: async () => {
        const { HomePage } = await import('./pages/home.page');
        return { Component: () => <HomePage widgets={widgets} /> };
      },
    },
    {
      path: paths.dashboard.pattern,
      handle: { access: { role: 'teacher' }, title: 'shell:menu.dashboard' },
      lazy: lazyPage(() => import('./pages/teacher-dashboard.page'), 'TeacherDashboardPage'),
    },
  ];
}
