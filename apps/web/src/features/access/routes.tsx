import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

const MANAGE = ['permissions.manage'] as const;

export const accessRoutes: RouteObject[] = [
  {
    path: paths.permissions.pattern,
    handle: { access: { role: 'kvsupport', permissions: MANAGE }, title: 'shell:menu.permissions' },
    lazy: lazyPage(() => import('./pages/permissions.page'), 'PermissionsPage'),
  },
  {
    path: paths.navigation.pattern,
    handle: { access: { role: 'kvsupport', permissions: MANAGE }, title: 'shell:menu.navigation' },
    lazy: lazyPage(() => import('./pages/navigation.page'), 'NavigationPage'),
  },
];
