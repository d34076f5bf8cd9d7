import { createReadStream, createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Busboy } from '@fastify/busboy';
import { parseKey } from './keys.ts';
import { LOCAL_OBJECT_PREFIX, LOCAL_UPLOAD_PATH, SignatureError, type LocalFileStore, type UploadPolicy } from './local-store.ts';

export interface LocalFileRoutesOptions {
  store: LocalFileStore;
  /** The centre whose keys this request may touch (the host's centre), or null for none. */
  centreIdOf(request: FastifyRequest): string | null;
}

/** S3's error shape, so a client handles both stores alike. */
function s3Error(reply: FastifyReply, status: number, code: string, message: string) {
  return reply
    .code(status)
    .type('application/xml')
    .header('cache-control', 'no-store')
    .send(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`);
}

class UploadRefused extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Receives a browser's form upload: fields first (as S3 requires), then one `file` part. The
 * policy is checked before a byte of the file is kept; the body is cut off past the policy's size.
 */
async function receive(store: LocalFileStore, centreId: string | null, request: FastifyRequest): Promise<void> {
  const fields: Record<string, string> = {};
  let temp: string | null = null;
  const busboy = new Busboy({
    headers: request.headers as { 'content-type': string },
    limits: { files: 1, fields: 12, fieldSize: 8192, parts: 14 },
  });

  async function keep(name: string, stream: Readable): Promise<void> {
    if (name !== 'file') throw new UploadRefused(400, 'InvalidArgument', 'The file must be sent in a part named file.');
    let policy: UploadPolicy;
    try {
      policy = store.verifyUpload(fields);
    } catch (e) {
      throw new UploadRefused(403, 'AccessDenied', e instanceof SignatureError ? e.message : 'Invalid upload policy.');
    }
    if (parseKey(policy.key)?.centreId !== centreId) throw new UploadRefused(403, 'AccessDenied', 'This key belongs to another centre.');
    temp = await store.tempFor(policy.key);
    let size = 0;
    const max = policy.maxBytes;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, next) {
        size += chunk.length;
        if (size > max)
          next(new UploadRefused(400, 'EntityTooLarge', `Your proposed upload exceeds the maximum allowed size (${max} bytes).`));
        else next(null, chunk);
      },
    });
    await pipeline(stream, counter, createWriteStream(temp));
    if (size < 1) throw new UploadRefused(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size.');
    await store.commit(temp, policy.key, policy.contentType);
    temp = null;
  }

  const outcome = new Promise<void>((resolve, reject) => {
    let seen = false;
    busboy.on('field', (name: string, value: string) => {
      fields[name] = value;
    });
    busboy.on('file', (name: string, stream: Readable) => {
      if (seen) return void stream.resume();
      seen = true;
      keep(name, stream).then(resolve, (e: unknown) => {
        stream.resume();
        reject(e);
      });
    });
    busboy.on('finish', () => {
      if (!seen) reject(new UploadRefused(400, 'InvalidArgument', 'POST requires exactly one file upload per request.'));
    });
    busboy.on('error', reject);
  });
  try {
    request.raw.pipe(busboy);
    await outcome;
  } finally {
    request.raw.unpipe(busboy);
    if (temp) await rm(temp, { force: true });
  }
}

/**
 * The local store's HTTP side, registered on the app that serves the centre hosts:
 * `POST /file-store/upload` (the signed form) and `GET /file-store/o/<key>?…&sig=` (the signed
 * read). Any other path under /file-store answers 404; nothing is ever listed.
 */
export async function localFileRoutes(app: FastifyInstance, opts: LocalFileRoutesOptions): Promise<void> {
  const { store } = opts;
  // The form body is streamed by busboy in the handler, never buffered by Fastify.
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null));

  app.post(LOCAL_UPLOAD_PATH, async (request, reply) => {
    if (!String(request.headers['content-type'] ?? '').startsWith('multipart/form-data')) {
      return s3Error(reply, 412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
    }
    try {
      await receive(store, opts.centreIdOf(request), request);
    } catch (e) {
      // The rest of a refused body is not read: the connection closes after the answer.
      if (e instanceof UploadRefused) return s3Error(reply.header('connection', 'close'), e.status, e.code, e.message);
      request.log.warn({ err: e }, 'local upload failed');
      return s3Error(
        reply.header('connection', 'close'),
        400,
        'MalformedPOSTRequest',
        'The body of your POST request is not well-formed multipart/form-data.',
      );
    }
    return reply.code(204).header('cache-control', 'no-store').send();
  });

  app.get(`${LOCAL_OBJECT_PREFIX}*`, async (request, reply) => {
    const key = (request.params as { '*': string })['*'];
    const parsed = parseKey(key);
    // Backups are the control plane's: never served to a browser, signed or not.
    if (!parsed || parsed.kind === 'backup') return s3Error(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
    let headers: ReturnType<LocalFileStore['verifyDownload']>;
    try {
      headers = store.verifyDownload(key, request.query as Record<string, string>);
    } catch (e) {
      if (e instanceof SignatureError) return s3Error(reply, 403, 'AccessDenied', e.message);
      throw e;
    }
    if (parsed.centreId !== opts.centreIdOf(request)) return s3Error(reply, 403, 'AccessDenied', 'This key belongs to another centre.');
    const found = await store.stat(key);
    if (!found) return s3Error(reply, 404, 'NoSuchKey', 'The specified key does not exist.');
    return reply
      .header('content-type', headers.contentType)
      .header('content-length', String(found.size))
      .header('content-disposition', headers.disposition)
      .header('cache-control', `private, max-age=${headers.maxAge}`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin')
      .send(createReadStream(store.pathOf(key)));
  });

  app.all('/file-store/*', async (_request, reply) => s3Error(reply, 404, 'NoSuchKey', 'The specified key does not exist.'));
}
