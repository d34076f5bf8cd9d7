import { sdl, type TenantModule } from '../../core/module.ts';
import { announcementResolvers } from './resolvers.ts';
import { announcementLoaders } from './loaders.ts';

/**
 * Announcements, alerts, instant SMS and pinned action items (issue 18): spec §3 Announcement with
 * its audience (roles, locations and rooms with the pivot role), `topAnnouncements` per viewer in
 * each location's time zone, `announcement.published` for the notification centre to deliver;
 * alerts and instant SMS straight through packages/messaging; the generic action items other
 * areas raise through `raiseActionItem` / `closeActionItem`.
 */
export const announcementsModule: TenantModule = {
  name: 'announcements',
  schema: sdl(import.meta.url),
  resolvers: announcementResolvers,
  loaders: announcementLoaders,
};

// What other modules (and the app around them) may use:
export { raiseActionItem, closeActionItem, type RaiseActionItem } from './service/action-items.ts';
export { ANNOUNCEMENT_PUBLISHED, ANNOUNCEMENT_SOURCE } from './service/announcements.ts';
export type { ActionItemRow, AlertRow, AnnouncementRow, PublishedAudience, RecipientRow } from './repo.ts';
export { openItemsToRemind, pageSmsUnsubscribes, publishedAudience, setSmsSubscription, type OpenItemDay } from './repo.ts';
export { e164 } from './service/send.ts';
