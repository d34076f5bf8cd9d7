import type { RouteObject } from 'react-router-dom';
import { guestPaths } from '../../lib/guest-paths';
import { lazyPage } from '../../lib/lazy-page';
import type { RouteHandle } from '../../lib/route-handle';

/** Guest /web-form/:formId/view (a web form shared by link, read-only), outside the signed-in layout. */
export const formsGuestRoutes: RouteObject[] = [
  {
    path: guestPaths.webFormPreview.pattern,
    handle: { access: { role: 'guest' }, title: 'pages:guestPages.titles.webFormPreview' } satisfies RouteHandle,
    lazy: lazyPage(() => import('./pages/web-form-preview.page'), 'WebFormPreviewPage'),
  },
];
