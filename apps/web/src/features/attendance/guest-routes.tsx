import type { RouteObject } from 'react-router-dom';
import { lazyPage } from '../../lib/lazy-page';
import { guestPaths } from '../../lib/guest-paths';
import type { RouteHandle } from '../../lib/route-handle';

/**
 * The time clock page: a guest page opened from a QR code (spec §2 guest routes), outside the main
 * layout, full screen. The staff member's PIN says who punches; the link's token says where.
 */
export const attendanceGuestRoutes: RouteObject[] = [
  {
    path: guestPaths.timeClockPage.pattern,
    handle: { access: { role: 'guest' }, title: 'attendance:titles.timeClock' } satisfies RouteHandle,
    lazy: lazyPage(() => import('./pages/time-clock.page'), 'TimeClockPage'),
  },
];
