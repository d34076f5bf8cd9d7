import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { Knex } from 'knex';
import { parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { staffScope } from '../../../core/access.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import { notHttpUrl } from '../errors.ts';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const CODE_PATTERN = /^[a-zA-Z0-9]{4,16}$/;

/** 8 random characters of an unambiguous alphabet (about 46 bits). */
function newCode(): string {
  const bytes = randomBytes(8);
  return [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join('');
}

/** An absolute http(s) URL (no credentials, at most 2000 characters), or null. */
export function httpTarget(raw: string): string | null {
  const v = raw.trim();
  if (!v || v.length > 2000 || !/^https?:\/\//i.test(v)) return null;
  try {
    const u = new URL(v);
    if ((u.protocol !== 'http:' && u.protocol !== 'https:') || !u.hostname || u.username || u.password) return null;
    return u.toString();
  } catch {
    return null;
  }
}

/** The short link of a target, written in `db` (a transaction or the pool). */
export async function tinyUrlFor(db: Knex | Knex.Transaction, origin: string, url: string, createdBy: string | null = null) {
  for (let attempt = 0; ; attempt++) {
    const row = await repo.upsertTinyUrl(db, url, newCode(), createdBy);
    // No row: the random code was taken by another target (vanishingly rare); draw again.
    if (row) return { code: row.code, url: row.url, short_url: `${origin}/s/${row.code}` };
    if (attempt > 5) throw new Error('No free tiny URL code');
  }
}

/** Replaces every http(s) address in an SMS text with the centre's short link of it. */
export async function shortenLinks(db: Knex | Knex.Transaction, origin: string, text: string): Promise<string> {
  const found = [...new Set(text.match(/https?:\/\/[^\s<>"]+/gi) ?? [])];
  let out = text;
  for (const raw of found) {
    const target = httpTarget(raw);
    if (!target || raw.startsWith(`${origin}/s/`)) continue;
    const { short_url } = await tinyUrlFor(db, origin, target);
    out = out.split(raw).join(short_url);
  }
  return out;
}

/** Spec makeTinyUrl: staff holding `messages.send` (SMS links); anything but an http(s) address → error on `url`. */
export async function makeTinyUrl(ctx: RequestContext, raw: unknown) {
  await staffScope(ctx, 'messages.send');
  const v = ctx.viewer!;
  const a = parseArgs(z.object({ url: z.string().max(2000, 'The address is too long.') }), raw);
  const target = httpTarget(a.url);
  if (!target) throw notHttpUrl();
  const origin = ctx.deps.config.centreOrigin(ctx.tenant.slug);
  const tiny = await inTransaction(ctx, (trx) => tinyUrlFor(trx, origin, target, v.id));
  return { ...notice('Short link ready.'), tiny_url: tiny };
}
