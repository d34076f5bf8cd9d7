import type { FastifyReply } from 'fastify';
import type { CheckRules } from './checks/index.ts';
import type { FileStore } from './types.ts';

const MB = 1024 * 1024;

/**
 * What a newsletter image may be, for a centre's (`newsletter_image` purpose) and for the
 * platform's templates alike: JPEG/PNG/WebP/GIF ≤ 5 MB, ≤ 40 MP, re-encoded to WebP (no EXIF, GPS,
 * XMP or ICC kept) with its long side capped at 1600 px.
 */
export const NEWSLETTER_IMAGE_RULES = {
  kind: 'image',
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
  maxBytes: 5 * MB,
  image: { longSide: 1600, thumbSide: 320, maxPixels: 40_000_000 },
} as const satisfies CheckRules;

/**
 * Answers one public, content-hashed newsletter image (`key`, made by `publicImageKey` or
 * `platformImageKey`): immutable caching, `nosniff`, a sandboxing CSP; 404 when there is none.
 * The caller has already checked the name and chosen the key; nothing else is read.
 */
export async function sendPublicImage(reply: FastifyReply, store: FileStore, key: string): Promise<FastifyReply> {
  if (!(await store.stat(key))) return reply.code(404).send({ error: 'Not found.' });
  const bytes = await store.read(key, NEWSLETTER_IMAGE_RULES.maxBytes);
  return reply
    .header('content-type', 'image/webp')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'public, max-age=31536000, immutable')
    .send(bytes);
}
