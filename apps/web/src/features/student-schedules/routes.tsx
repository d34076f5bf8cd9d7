import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

/** The child's page: schedule, vacations and "report an absence" (handed to the people pages by the app). */
export const StudentSchedulePanel = lazy(() =>
  import('./components/student-schedule-panel').then((m) => ({ default: m.StudentSchedulePanel })),
);

/** /student-schedules (translations in the `schedules` namespace): staff. */
export function studentSchedulesRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  const handle: RouteHandle = { access: { role: 'teacher', permissions: ['students.view'] }, title: 'shell:menu.studentSchedules' };
  return [
    {
      path: paths.studentSchedules.pattern,
      handle,
      lazy: lazyPage(() => import('./pages/student-schedules.page'), 'StudentSchedulesPage'),
    },
  ];
}
