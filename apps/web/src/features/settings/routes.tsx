import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { paths } from '../../lib/paths';

export const settingsRoutes: RouteObject[] = [
  {
    path: paths.themeCustomizer.pattern,
    handle: { access: { role: 'manager', permissions: ['settings.manage'] }, title: 'shell:menu.themeCustomizer' },
    lazy: lazyPage(() => import('./pages/theme-customizer.page'), 'ThemeCustomizerPage'),
  },
];
