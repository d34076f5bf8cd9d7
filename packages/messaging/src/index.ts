export { renderTemplate, normalizeLocale, TEMPLATE_NAMES, type Locale, type RenderedMessage } from './render-template.ts';
export { TEMPLATE_STRINGS } from './template-strings.ts';
export { escapeHtml } from './html.ts';
export { cleanNewsletterHtml, htmlToText, NEWSLETTER_HTML_MAX } from './newsletter-html.ts';
export { queueMessage, CHANNELS, MESSAGES_QUEUE, SEND_MESSAGE_JOB, type Channel, type QueueMessageInput } from './queue-message.ts';
export {
  createMessageSender,
  messageSenderOptionsFromEnv,
  ChannelNotConfiguredError,
  type MessageSender,
  type MessageSenderOptions,
  type SendResult,
} from './message-sender.ts';
export { registerMessageJobs, sendQueuedMessage, type MessageJobDeps } from './message-jobs.ts';
export { devMailboxRoutes, MAILBOX_PAGE_SIZE, type DevMailboxOptions } from './dev-mailbox.ts';
export { SendError, type OutgoingMessage, type Transport } from './transports/types.ts';
export { createSmtpTransport, type SmtpConfig } from './transports/smtp.ts';
export { createTwilioTransport, type TwilioConfig } from './transports/twilio.ts';
export { createFcmTransport, type FcmConfig } from './transports/fcm.ts';
export { twilioSignature, validTwilioSignature } from './transports/twilio-signature.ts';
