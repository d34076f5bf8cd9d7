import type { Channel } from './queue-message.ts';
import { createFcmTransport, type FcmConfig } from './transports/fcm.ts';
import { createSmtpTransport } from './transports/smtp.ts';
import { createTwilioTransport, type TwilioConfig } from './transports/twilio.ts';
import type { OutgoingMessage, Transport } from './transports/types.ts';

export interface MessageSenderOptions {
  /** `capture`: nothing leaves the machine, messages are kept for the dev mailbox. */
  mode: 'capture' | 'live';
  smtpUrl?: string;
  /** From address of email (SMTP_FROM) */
  emailFrom?: string;
  twilio?: TwilioConfig;
  fcm?: FcmConfig;
  fetch?: typeof fetch;
}

export interface SendResult {
  status: 'sent' | 'captured';
  providerId: string | null;
}

export interface MessageSender {
  readonly mode: 'capture' | 'live';
  send(message: OutgoingMessage): Promise<SendResult>;
  close(): Promise<void>;
}

/** Live mode was asked to send on a channel it has no settings for. */
export class ChannelNotConfiguredError extends Error {
  override name = 'ChannelNotConfiguredError';
}

const MISSING: Record<Channel, string> = {
  email: 'email is not configured: set SMTP_URL and SMTP_FROM',
  sms: 'sms is not configured: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
  push: 'push is not configured: set FCM_PROJECT_ID with FCM_CLIENT_EMAIL and FCM_PRIVATE_KEY',
};

export function createMessageSender(opts: MessageSenderOptions): MessageSender {
  if (opts.mode === 'capture') {
    return {
      mode: 'capture',
      send: async () => ({ status: 'captured', providerId: null }),
      close: async () => undefined,
    };
  }
  const transports: Partial<Record<Channel, Transport>> = {};
  if (opts.smtpUrl && opts.emailFrom) transports.email = createSmtpTransport({ url: opts.smtpUrl, from: opts.emailFrom });
  if (opts.twilio) transports.sms = createTwilioTransport(opts.twilio, opts.fetch);
  if (opts.fcm) transports.push = createFcmTransport(opts.fcm, opts.fetch);
  return {
    mode: 'live',
    async send(message) {
      const transport = transports[message.channel];
      if (!transport) throw new ChannelNotConfiguredError(MISSING[message.channel] ?? `unknown channel ${message.channel}`);
      const { providerId } = await transport.send(message);
      return { status: 'sent', providerId };
    },
    async close() {
      await Promise.all(Object.values(transports).map((t) => t.close?.()));
    },
  };
}

/** Sender settings from the environment: MESSAGING_MODE=live sends for real, anything else captures. */
export function messageSenderOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): MessageSenderOptions {
  const opts: MessageSenderOptions = { mode: env.MESSAGING_MODE === 'live' ? 'live' : 'capture' };
  if (env.SMTP_URL) opts.smtpUrl = env.SMTP_URL;
  if (env.SMTP_FROM) opts.emailFrom = env.SMTP_FROM;
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    opts.twilio = { accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM };
  }
  if (env.FCM_PROJECT_ID && ((env.FCM_CLIENT_EMAIL && env.FCM_PRIVATE_KEY) || env.FCM_ACCESS_TOKEN)) {
    opts.fcm = { projectId: env.FCM_PROJECT_ID };
    if (env.FCM_CLIENT_EMAIL) opts.fcm.clientEmail = env.FCM_CLIENT_EMAIL;
    // Keys pasted into env files usually carry their newlines as `\n`.
    if (env.FCM_PRIVATE_KEY) opts.fcm.privateKey = env.FCM_PRIVATE_KEY.replace(/\\n/g, '\n');
    if (env.FCM_ACCESS_TOKEN) opts.fcm.accessToken = env.FCM_ACCESS_TOKEN;
  }
  return opts;
}
