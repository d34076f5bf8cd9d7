import { lazy } from 'react';

/**
 * The notification centre's parts of other screens; the app hands them in (features never import
 * each other), and each loads on its own: the navbar bell (main layout) and the notification
 * settings on /user-profile (people). Translations in the `notifications` namespace.
 */
export const NotificationBellWidget = lazy(() => import('./components/notification-bell').then((m) => ({ default: m.NotificationBell })));
export const NotificationSettingsPanel = lazy(() =>
  import('./components/notification-settings').then((m) => ({ default: m.NotificationSettings })),
);
