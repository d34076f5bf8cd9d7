import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

export const dashboardRoutes: RouteObject[] = [
  {
    index: true,
    handle: { access: { role: 'user' }, title: 'shell:menu.dashboard', noCrumb: true },
    lazy: lazyPage(() => import('./pages/entry.page'), 'EntryPage'),
  },
  {
    path: paths.home.pattern,
    handle: { access: { role: 'user' }, title: 'shell:menu.dashboard' },
    lazy: lazyPage(() => import('./pages/home.page'), 'HomePage'),
  },
  {
    path: paths.dashboard.pattern,
    handle: { access: { role: 'teacher' }, title: 'shell:menu.dashboard' },
    lazy: lazyPage(() => import('./pages/teacher-dashboard.page'), 'TeacherDashboardPage'),
  },
];
