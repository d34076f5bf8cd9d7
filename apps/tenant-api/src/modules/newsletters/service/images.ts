import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { forCentre, NEWSLETTER_IMAGE_RULES, PUBLIC_IMAGE_NAME, publicImageKey, sendPublicImage, type FileStore } from '@kv/files';
import { readScope, reaches } from '../../../core/access.ts';
import type { RequestContext } from '../../../types.ts';
import { centreStore, findFiles } from '../../files/index.ts';

/** The purpose of the images a newsletter may make public (never any other file). */
export const NEWSLETTER_IMAGE = 'newsletter_image';
const MAX_IMAGE_BYTES = NEWSLETTER_IMAGE_RULES.maxBytes;
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The public address of an image on the centre's host: `GET /n/<sha256>.<ext>`. */
export const publicImagePath = (name: string) => `/n/${name}`;

/**
 * Mail clients open images long after a signed URL expires, so on send and publish every
 * `newsletter_image` file of this centre that the HTML references (a signed URL of its checked
 * `main` variant, as the builder's asset manager inserts it) is copied to a public, content-hashed
 * key and its `src` rewritten to `<centre origin>/n/<sha256>.webp`. Any other file (another
 * purpose, another centre, a location the sender does not reach, not ready) is left alone: its signed URL simply expires.
 */
export async function publishNewsletterImages(ctx: RequestContext, html: string): Promise<string> {
  const pattern = new RegExp(`(\\ssrc\\s*=\\s*)(["'])([^"']*?/centre/(\\d{1,19})/files/(${UUID})/main(?:[?#][^"']*)?)\\2`, 'gi');
  const refs = [...html.matchAll(pattern)].filter((m) => m[4] === ctx.tenant.id);
  if (!refs.length) return html;
  const rows = await findFiles(ctx.db, [...new Set(refs.map((m) => m[5]!.toLowerCase()))]);
  // Only images uploaded at a location the sender reaches (the purpose's owner is a location).
  const scope = await readScope(ctx);
  const images = rows.filter((r) => r.purpose === NEWSLETTER_IMAGE && r.status === 'ready' && r.key && reaches(scope, r.owner_id));
  if (!images.length) return html;
  const store = centreStore(ctx);
  const origin = ctx.deps.config.centreOrigin(ctx.tenant.slug).replace(/\/$/, '');
  const urls = new Map<string, string>();
  for (const f of images) {
    const bytes = await store.read(`${f.key}/main`, MAX_IMAGE_BYTES);
    const name = `${createHash('sha256').update(bytes).digest('hex')}.webp`;
    const key = publicImageKey(ctx.tenant.id, name);
    if (!(await store.stat(key))) await store.write(key, bytes, 'image/webp');
    urls.set(String(f.id), `${origin}${publicImagePath(name)}`);
  }
  return html.replace(pattern, (all, pre: string, q: string, _url: string, centre: string, id: string) => {
    const to = centre === ctx.tenant.id ? urls.get(id.toLowerCase()) : undefined;
    return to ? `${pre}${q}${to}${q}` : all;
  });
}

/**
 * `GET /n/<sha256>.<ext>` on a centre host: a public newsletter image of that centre, without
 * signature (only keys under `centre/<id>/public/newsletter/` are reachable; anything else 404).
 * Through the app rather than a public bucket ACL, so S3 and the local store behave alike.
 */
export async function newsletterImageRoutes(app: FastifyInstance, opts: { files: FileStore | undefined }): Promise<void> {
  app.get<{ Params: { name: string } }>('/n/:name', async (request, reply) => {
    const name = String(request.params.name ?? '');
    const centreId = request.tenant?.id;
    if (!opts.files || !centreId || !PUBLIC_IMAGE_NAME.test(name)) return reply.code(404).send({ error: 'Not found.' });
    return sendPublicImage(reply, forCentre(opts.files, centreId), publicImageKey(centreId, name));
  });
}
