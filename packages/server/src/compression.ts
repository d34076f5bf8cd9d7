import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** JSON answers shorter than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;
/** Above this size the compression runs on the thread pool instead of the event loop. */
const SYNC_MAX_BYTES = 64 * 1024;
// Brotli 4 packs JSON tighter than gzip 6 at about the same speed; 11 (zlib's default) is for build time.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 6 };

export type Encoding = 'br' | 'gzip';

/** The encoding to answer with for an Accept-Encoding header: the higher q of brotli and gzip (brotli on a tie), none when both are refused. */
export function negotiateEncoding(header: string | undefined): Encoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(token === 'x-gzip' ? 'gzip' : token, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  return gz > 0 ? 'gzip' : null;
}

const isJson = (type: unknown) => typeof type === 'string' && (type.startsWith('application/json') || /\+json\b/.test(type));

function addVary(reply: FastifyReply) {
  const vary = reply.getHeader('vary');
  if (!vary) reply.header('vary', 'accept-encoding');
  else if (!/accept-encoding/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
}

/**
 * Compresses JSON answers of at least COMPRESS_MIN_BYTES with what the client accepts (brotli or
 * gzip). A smaller answer — `{ __typename }`, a check-in — leaves on the first length test, so the
 * hot small answers pay one comparison. (@fastify/compress adds a decompression hook and a MIME
 * lookup to every request, and would compress the SPA's files, which are compressed at build time.)
 */
export function registerJsonCompression(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_BYTES) return done(null, payload);
    if (!isJson(reply.getHeader('content-type')) || reply.getHeader('content-encoding')) return done(null, payload);
    addVary(reply);
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding) return done(null, payload);
    const finish = (body: Buffer) => {
      reply.header('content-encoding', encoding).header('content-length', body.length);
      done(null, body);
    };
    const input = Buffer.from(payload);
    if (input.length <= SYNC_MAX_BYTES) {
      return finish(encoding === 'br' ? brotliCompressSync(input, BROTLI) : gzipSync(input, GZIP));
    }
    const callback = (err: Error | null, body: Buffer) => (err ? done(err) : finish(body));
    if (encoding === 'br') brotliCompress(input, BROTLI, callback);
    else gzip(input, GZIP, callback);
  });
}
