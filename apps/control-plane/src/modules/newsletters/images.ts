import { createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkUpload, NEWSLETTER_IMAGE_RULES, platformImageKey, PUBLIC_IMAGE_NAME, sendPublicImage, type FileStore } from '@kv/files';
import { AppError, badInput, CommonError } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { viewerOf } from '../../plugins/app/auth.ts';
import { writeAudit } from '../audit/repo.ts';
import { newsletterPolicy, TEMPLATE_IMAGE_UPLOAD_PATH } from './policy.ts';
import { imagesUnavailable } from './errors.ts';

/** The public address of a template image on the platform host: `GET /n/<sha256>.webp`. */
export const templateImagePath = (name: string) => `/n/${name}`;

export interface StoredTemplateImage {
  /** `<sha256 of the stored WebP>.webp` */
  name: string;
  /** Absolute, on the platform origin: it keeps working in a centre's copy of the template and in mail. */
  url: string;
  size: number;
  width: number | null;
  height: number | null;
}

/**
 * Checks an image with the centres' newsletter image rules (type sniffed against the declared
 * one, re-encoded to WebP by sharp: EXIF/GPS/XMP/ICC dropped, long side 1600) and stores the result
 * at the content-addressed key `platform/newsletter/<sha256>.webp` (written once; the same image
 * again is the same key). Answers the refusal's reason instead when the check refuses it.
 */
export async function storeTemplateImage(
  files: FileStore,
  platformOrigin: string,
  bytes: Buffer,
  declaredType: string,
): Promise<{ ok: true; image: StoredTemplateImage } | { ok: false; reason: string }> {
  const checked = await checkUpload(bytes, declaredType, NEWSLETTER_IMAGE_RULES);
  if (!checked.ok) return checked;
  const main = checked.variants.find((v) => v.variant === 'main')!;
  const name = `${createHash('sha256').update(main.body).digest('hex')}.webp`;
  const key = platformImageKey(name);
  if (!(await files.stat(key))) await files.write(key, main.body, 'image/webp');
  return {
    ok: true,
    image: { name, url: `${platformOrigin.replace(/\/$/, '')}${templateImagePath(name)}`, size: main.body.length, width: main.width, height: main.height },
  };
}

/** An admin uploads an image for a platform template or newsletter (the builder's asset manager); audited. */
export async function uploadTemplateImage(
  rt: ControlPlaneRuntime,
  files: FileStore | undefined,
  actor: Actor,
  bytes: Buffer,
  declaredType: string,
): Promise<StoredTemplateImage> {
  requireRole(actor, newsletterPolicy.uploadNewsletterImage);
  if (!files) throw imagesUnavailable();
  const stored = await storeTemplateImage(files, rt.config.platformOrigin, bytes, declaredType);
  if (!stored.ok) throw badInput('file', stored.reason);
  // The name (69 characters) is longer than an audit row's entity id: it goes in the data.
  await writeAudit(rt.controlDb, actor, 'newsletter.image_upload', 'newsletter_image', null, {
    name: stored.image.name,
    type: declaredType,
    received: bytes.length,
    size: stored.image.size,
  });
  return stored.image;
}

const STATUS: Record<string, number> = {
  [CommonError.Unauthenticated]: 401,
  [CommonError.Forbidden]: 403,
  [CommonError.BadUserInput]: 400,
};

/** Errors in the GraphQL shape, so the SPA reads the code, message and field alike. */
function sendError(reply: FastifyReply, status: number, code: string, message: string, extra: Record<string, unknown> = {}) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send({ errors: [{ message, extensions: { code, ...extra } }] });
}

/**
 * The platform host's template images:
 * - `POST /newsletter-images`: the raw bytes of one image (Content-Type its type, ≤ 5 MB), bearer
 *   token of an admin (the operator auth hook covers this path as it does /graphql). Answers
 *   `{ url, name }`; refusals answer `{ errors: [{ message, extensions: { code, field } }] }`.
 * - `GET /n/<sha256>.webp`: a stored template image, without signature, immutable. Only keys under
 *   `platform/newsletter/` are ever read here; any other name answers 404, nothing is listed.
 */
export const templateImageRoutes = fp(
  async (app: FastifyInstance, { rt, files }: { rt: ControlPlaneRuntime; files: FileStore | undefined }) => {
    app.get<{ Params: { name: string } }>('/n/:name', async (request, reply) => {
      const name = String(request.params.name ?? '');
      if (!files || !PUBLIC_IMAGE_NAME.test(name)) return reply.code(404).send({ error: 'Not found.' });
      return sendPublicImage(reply, files, platformImageKey(name));
    });

    // Own scope: the body parser (every type, as bytes, up to the rules' size) applies to this route only.
    await app.register(async (scope) => {
      const limit = NEWSLETTER_IMAGE_RULES.maxBytes;
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (_request, body, done) => done(null, body));
      scope.setErrorHandler((error: Error & { statusCode?: number; code?: string }, request, reply) => {
        if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
          return sendError(reply.header('connection', 'close'), 413, CommonError.BadUserInput, `The file is too large (at most ${Math.round(limit / 1024 / 1024)} MB).`, { field: 'file' });
        if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500)
          return sendError(reply, error.statusCode, CommonError.BadUserInput, 'The upload could not be read.', { field: 'file' });
        request.log.error({ err: error }, 'template image upload failed');
        return sendError(reply, 500, CommonError.Internal, 'Internal error');
      });
      scope.post(TEMPLATE_IMAGE_UPLOAD_PATH, { bodyLimit: limit }, async (request, reply) => {
        const actor: Actor = { viewer: viewerOf(request), ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const type = String(request.headers['content-type'] ?? '').split(';')[0]!.trim();
        try {
          const image = await uploadTemplateImage(rt, files, actor, body, type);
          return reply.code(201).header('cache-control', 'no-store').send({ url: image.url, name: image.name });
        } catch (e) {
          if (!(e instanceof AppError)) throw e;
          const { code, ...extra } = (e.extensions ?? {}) as Record<string, unknown>;
          if (e.code === CommonError.Unauthenticated) reply.header('www-authenticate', 'Bearer');
          return sendError(reply, STATUS[e.code] ?? 400, String(code ?? e.code), e.message, extra);
        }
      });
    });
  },
  { name: 'template-images' },
);
