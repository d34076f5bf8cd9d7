import { sdl, type TenantModule } from '../../core/module.ts';
import { smsResolvers } from './resolvers.ts';

/**
 * Inbound SMS (issue 18): Twilio's webhook `POST /webhooks/sms` on the centre host (signature
 * checked): STOP / START and Twilio's synonyms edit the unsubscribed numbers (announcements'
 * index), every other reply is stored and matched to a contact by phone (`getSmsResponses`). In
 * embedded mode the dev mailbox's SMS pages carry a Reply form that posts a signed inbound message.
 */
export const smsModule: TenantModule = {
  name: 'sms',
  schema: sdl(import.meta.url),
  resolvers: smsResolvers,
};

// What other modules (and the app around them) may use:
export { smsWebhookRoutes, SMS_REPLY_ACTION } from './routes.ts';
export { receiveInboundSms, SMS_STOP_WORDS, SMS_START_WORDS } from './service/inbound.ts';
