import { sdl, type TenantModule } from '../../core/module.ts';
import { chatResolvers } from './resolvers.ts';
import { chatLoaders } from './loaders.ts';
import { chatSubscriptionResolvers } from './live.ts';

/**
 * Chat (issue 18): a thread per child (the family and every educator of the child's rooms) and per
 * room, attachments through the files service (`chat_attachment`), read marks and unread counts,
 * live `chatMessageAdded` / `unreadCountsChanged`, and the `chat.message_sent` domain event that
 * the notification centre turns into notices.
 */
export const chatModule: TenantModule = {
  name: 'chat',
  schema: sdl(import.meta.url),
  subscriptions: sdl(import.meta.url, 'subscriptions.graphql'),
  resolvers: { ...chatResolvers, ...chatSubscriptionResolvers },
  loaders: chatLoaders,
};

// What other modules (and the app around them) may use:
export { CHAT_MESSAGE_SENT, CHAT_PURPOSE } from './service.ts';
export { chatTopic, type ChatEvent } from './live.ts';
export type { ChatMessageRow, MessageAudience, ThreadRow } from './repo.ts';
export { messageAudience } from './repo.ts';
