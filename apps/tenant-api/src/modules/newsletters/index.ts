import { sdl, type TenantModule } from '../../core/module.ts';
import { newsletterResolvers } from './resolvers.ts';
import { newsletterSubscriptionResolvers } from './live.ts';

/**
 * Newsletters (issue 18): spec §3 Newsletter, centre templates (`is_temp`) beside the platform's
 * (control-plane catalogue `newsletter-templates`), HTML sanitised and CSS inlined on the server,
 * the parents' archive (`publishNewsletter`), sends as a job with one deduplicated
 * `outbound_messages` row per address and live `newsletterProgress`; the unsubscribed-email list
 * (signed links, RFC 8058 one-click POST on `/unsubscribe/<token>`) and the unsubscribed-SMS list
 * (announcements' `sms_unsubscribes`).
 */
export const newslettersModule: TenantModule = {
  name: 'newsletters',
  schema: sdl(import.meta.url),
  subscriptions: sdl(import.meta.url, 'subscriptions.graphql'),
  resolvers: { ...newsletterResolvers, ...newsletterSubscriptionResolvers },
};

// What other modules (and the app around them) may use:
export { registerNewsletterJobs, type NewsletterJobDeps } from './jobs.ts';
export { runNewsletterSend, NEWSLETTERS_QUEUE, SEND_JOB as NEWSLETTER_SEND_JOB, SEND_BATCH as NEWSLETTER_SEND_BATCH } from './service/send.ts';
export { attachNewsletterPubsub } from './live.ts';
export { unsubscribeRoutes } from './routes.ts';
export { newsletterImageRoutes } from './service/images.ts';
export { signUnsubscribe, unsubscribeSecret } from './token.ts';
export type { NewsletterRow, UnsubscribeRow, SmsUnsubscribeRow } from './repo.ts';
