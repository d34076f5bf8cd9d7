import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

/** /kidsvision-plan (My Plan): the owner's view of the centre's plan and bills with the platform. */
export function myPlanRoutes(): RouteObject[] {
  return [
    {
      path: paths.kidsvisionPlan.pattern,
      handle: { access: { role: 'center' }, title: 'shell:menu.myPlan' },
      lazy: lazyPage(() => import('./pages/my-plan.page'), 'MyPlanPage'),
    },
  ];
}
