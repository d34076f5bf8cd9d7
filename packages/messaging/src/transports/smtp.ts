import nodemailer from 'nodemailer';
import { SendError, type Transport } from './types.ts';

export interface SmtpConfig {
  /** e.g. `smtps://user:pass@smtp.example.com:465` or `smtp://127.0.0.1:2525` */
  url: string;
  from: string;
}

export function createSmtpTransport(config: SmtpConfig): Transport {
  const transporter = nodemailer.createTransport({
    url: config.url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      try {
        const info = await transporter.sendMail({
          from: config.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
        if (info.rejected.length) throw new SendError(`SMTP server rejected ${info.rejected.join(', ')}`, true);
        return { providerId: info.messageId ?? null };
      } catch (err) {
        if (err instanceof SendError) throw err;
        const e = err as Error & { responseCode?: number };
        // 5xx replies are final (unknown mailbox, policy); 4xx and network errors are worth a retry.
        throw new SendError(`SMTP: ${e.message}`, typeof e.responseCode === 'number' && e.responseCode >= 500);
      }
    },
    async close() {
      transporter.close();
    },
  };
}
