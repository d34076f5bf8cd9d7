import type { Knex } from 'knex';
import { queueMessage, type Channel } from '@kv/messaging';
import { isPlaceholderEmail } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { checkInSettings } from '../repo/settings.ts';
import { locationManagers } from '../repo/contacts.ts';

/**
 * Messages about attendance. They are only ever queued (outbox rows in the caller's transaction);
 * the caller's commit makes them exist and the dispatcher sends them — never inline.
 */
export interface NotifyEnv {
  centreId: string;
  centre: string;
}

export const envOf = (ctx: RequestContext): NotifyEnv => ({ centreId: ctx.tenant.id, centre: ctx.tenant.name });

/** A phone number in E.164 for SMS (10 digits read as North American), or null. */
export function e164(raw: string | null | undefined): string | null {
  const v = (raw ?? '').trim();
  if (!v) return null;
  const digits = v.replace(/\D/g, '');
  if (v.startsWith('+')) return digits.length >= 8 && digits.length <= 15 ? `+${digits}` : null;
  if (digits.length === 10) return `+1${digits}`;
  if (digits.length === 11 && digits.startsWith('1')) return `+${digits}`;
  return null;
}

const usableEmail = (e: string | null | undefined): e is string => Boolean(e && e.includes('@') && !isPlaceholderEmail(e));

async function send(
  trx: Knex.Transaction,
  env: NotifyEnv,
  channel: Channel,
  to: string,
  userId: string | null,
  template: string,
  locale: string,
  data: Record<string, unknown>,
) {
  await queueMessage(trx, { channel, to, userId, template, locale, data: { centre: env.centre, ...data }, centreId: env.centreId });
}

/**
 * Tells a location's team: its managers by email, plus the team-notification addresses (email)
 * and phones (SMS) when those channels are on. Returns how many messages were queued.
 */
export async function notifyTeam(
  trx: Knex.Transaction,
  env: NotifyEnv,
  locationId: string,
  template: string,
  data: Record<string, unknown>,
): Promise<number> {
  const [managers, s] = await Promise.all([locationManagers(trx, locationId), checkInSettings(trx, locationId)]);
  // One message per address (compared without case), to the address as written.
  const emails = new Map<string, { to: string; id: string | null; fname: string; locale: string }>();
  for (const m of managers)
    if (usableEmail(m.email)) emails.set(m.email.toLowerCase(), { to: m.email, id: m.id, fname: m.fname, locale: m.locale });
  if (s.team_notification_email)
    for (const e of s.team_notification_emails)
      if (usableEmail(e) && !emails.has(e.toLowerCase())) emails.set(e.toLowerCase(), { to: e, id: null, fname: 'team', locale: 'en' });
  let n = 0;
  for (const who of emails.values()) {
    await send(trx, env, 'email', who.to, who.id, template, who.locale, { fname: who.fname, ...data });
    n++;
  }
  if (s.team_notification_sms) {
    for (const p of new Set(s.team_notification_phones.map(e164).filter((x): x is string => Boolean(x)))) {
      await send(trx, env, 'sms', p, null, template, 'en', { fname: 'team', ...data });
      n++;
    }
  }
  return n;
}

export const loadSettings = checkInSettings;

/** "Ana, Ben, Cleo" (no conjunction: the same in every language). */
export const joinNames = (names: string[]): string => names.join(', ');
