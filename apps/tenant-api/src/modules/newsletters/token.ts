import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Knex } from 'knex';

/**
 * Unsubscribe links: `<base64url(email)>.<HMAC-SHA256(secret, email), base64url>`. The secret is
 * the centre's own (a random 32 bytes kept in `settings`, made on first use), so the request and
 * the send job (which has no request) sign alike, and a token of centre A means nothing at B.
 */
const SETTING = 'newsletter_unsubscribe_secret';

export async function unsubscribeSecret(db: Knex | Knex.Transaction): Promise<Buffer> {
  const row = await db('settings').where({ key: SETTING }).whereNull('object_id').first('value');
  if (row?.value) return Buffer.from(String(row.value), 'base64');
  const fresh = randomBytes(32).toString('base64');
  await db.raw(`insert into settings (key, value, object_id) values (?, to_jsonb(?::text), null) on conflict do nothing`, [SETTING, fresh]);
  const again = await db('settings').where({ key: SETTING }).whereNull('object_id').first('value');
  return Buffer.from(String(again.value), 'base64');
}

const mac = (secret: Buffer, email: string) => createHmac('sha256', secret).update(`unsubscribe:${email}`).digest();

export function signUnsubscribe(secret: Buffer, email: string): string {
  const e = email.trim().toLowerCase();
  return `${Buffer.from(e).toString('base64url')}.${mac(secret, e).toString('base64url')}`;
}

/** The address a token names, or null when it is not one we signed. */
export function verifyUnsubscribe(secret: Buffer, token: string): string | null {
  const [a, b, extra] = token.split('.');
  if (!a || !b || extra !== undefined || a.length > 400 || b.length > 60) return null;
  const email = Buffer.from(a, 'base64url').toString('utf8');
  if (!email.includes('@') || email !== email.trim().toLowerCase()) return null;
  const want = mac(secret, email);
  const got = Buffer.from(b, 'base64url');
  return got.length === want.length && timingSafeEqual(got, want) ? email : null;
}
