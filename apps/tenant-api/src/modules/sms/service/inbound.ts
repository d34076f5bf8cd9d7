import type { Knex } from 'knex';
import { e164, setSmsSubscription } from '../../announcements/index.ts';
import * as repo from '../repo.ts';

/** Twilio's opt-out and opt-in keywords (the whole message, any case). */
export const SMS_STOP_WORDS: ReadonlySet<string> = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
export const SMS_START_WORDS: ReadonlySet<string> = new Set(['START', 'YES', 'UNSTOP', 'OPTIN']);

export type InboundOutcome = 'unsubscribed' | 'subscribed' | 'stored' | 'duplicate' | 'ignored';

/**
 * One inbound message (Twilio's `From`, `Body`, `MessageSid`), its signature already checked:
 * STOP and its synonyms put the number on the unsubscribed list, START and its synonyms take it
 * off; any other text is stored once per MessageSid with the contact whose phone it is.
 */
export async function receiveInboundSms(db: Knex, params: Readonly<Record<string, string>>): Promise<InboundOutcome> {
  const phone = e164(params.From);
  const body = (params.Body ?? '').replace(/\u0000/g, '').trim().slice(0, 1600);
  if (!phone || !body) return 'ignored';
  const word = body.toUpperCase().replace(/[^A-Z]/g, '');
  return db.transaction(async (trx) => {
    if (SMS_STOP_WORDS.has(word)) {
      await setSmsSubscription(trx, phone, false, 'sms');
      return 'unsubscribed';
    }
    if (SMS_START_WORDS.has(word)) {
      await setSmsSubscription(trx, phone, true);
      return 'subscribed';
    }
    const match = (await repo.peopleWithPhoneTail(trx, phone)).find((p) => e164(p.phone) === phone);
    const sid = /^[A-Za-z0-9]{10,64}$/.test(params.MessageSid ?? '') ? params.MessageSid! : null;
    const fresh = await repo.insertResponse(trx, { phone, body, user_id: match?.id ?? null, message_sid: sid });
    return fresh ? 'stored' : 'duplicate';
  });
}
