import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PermissionName } from '@kv/shared';
import { lazyPage } from '../../lib/lazy-page';
import type { CentreKind } from '../../lib/menu';
import { paths } from '../../lib/paths';
import type { RouteHandle } from '../../lib/route-handle';

/** The gate's permission for what the page loads (authorization matrix): activities.manage. */
const MENU: readonly PermissionName[] = ['activities.manage'];

/** The parent's /home: today's menu (handed to the dashboard by the app). */
export const TodaysMenuWidget = lazy(() => import('./components/todays-menu').then((m) => ({ default: m.TodaysMenu })));

/** /food-menu (translations in the `foodMenu` namespace): teachers and above. */
export function foodMenuRoutes(kind: CentreKind | null): RouteObject[] {
  void kind;
  const handle: RouteHandle = { access: { role: 'teacher', permissions: MENU }, title: 'shell:menu.foodMenu' };
  return [{ path: paths.foodMenu.pattern, handle, lazy: lazyPage(() => import('./pages/food-menu.page'), 'FoodMenuPage') }];
}
