import { sdl, type TenantModule } from '../../core/module.ts';
import { notificationResolvers } from './resolvers.ts';
import { notificationSubscriptionResolvers } from './live.ts';

/** The notification centre: one notice per event and user, delivery by channel and setting, the daily digest, the bell. */
export const notificationsModule: TenantModule = {
  name: 'notifications',
  schema: sdl(import.meta.url),
  subscriptions: sdl(import.meta.url, 'subscriptions.graphql'),
  resolvers: { ...notificationResolvers, ...notificationSubscriptionResolvers },
};

// What other modules (and the app around them) may use:
export { notifyUsers, type NotifyInput } from './service/notify.ts';
export { registerNotificationEvents } from './service/handlers.ts';
export { registerNotificationJobs, runNotificationTick, scheduleNotificationTick, startNotificationTick } from './jobs.ts';
export { sendDueDigests } from './service/digest.ts';
export { remindOpenActionItems } from './service/remind.ts';
export { attachNotificationPubsub, publishNotifications } from './live.ts';
export { KINDS as NOTIFICATION_KINDS, SETTING_FIELDS as NOTIFICATION_SETTING_FIELDS } from './kinds.ts';
