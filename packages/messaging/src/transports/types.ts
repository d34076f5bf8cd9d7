import type { Channel } from '../queue-message.ts';

export interface OutgoingMessage {
  id: string;
  channel: Channel;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  /** Extra mail headers (List-Unsubscribe …); email only. */
  headers?: Record<string, string> | null;
}

export interface Transport {
  send(message: OutgoingMessage): Promise<{ providerId: string | null }>;
  close?(): Promise<void>;
}

/** A provider refused a message. `permanent`: sending it again cannot succeed (bad address, unknown token). */
export class SendError extends Error {
  override name = 'SendError';
  constructor(
    message: string,
    readonly permanent: boolean,
    /** The provider's reason when it matters to the caller: `UNREGISTERED` (a push token no device uses any more). */
    readonly code?: string,
  ) {
    super(message);
  }
}

/** 4xx other than timeouts and rate limits means the request itself is wrong. */
export function isPermanentHttpStatus(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

export const HTTP_TIMEOUT_MS = 15_000;
