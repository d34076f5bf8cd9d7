import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { contentDisposition } from './disposition.ts';
import { BadKeyError, isStoreKey } from './keys.ts';
import { assertLifetime, FileTooLargeError, ObjectMissingError, type DownloadRules, type FileStore, type UploadRules } from './types.ts';

export interface LocalStoreOptions {
  /** Folder holding the objects (`.data/files` in embedded mode). */
  root: string;
  /** Signs the upload policies and download URLs (derived from the platform secret). */
  secret: string;
  /** Prefix of the URLs it signs: '' makes them relative, so the browser uses the centre's own host. */
  publicBase?: string;
  now?: () => number;
}

/** What a valid upload form carries, once its signature and expiry were checked. */
export interface UploadPolicy {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Unix seconds. */
  expires: number;
}

/** A signed request that is not (or no longer) valid. */
export class SignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignatureError';
  }
}

/** Under a prefix of its own: the SPA has routes under /files (spec: /files/others …). */
export const LOCAL_UPLOAD_PATH = '/file-store/upload';
export const LOCAL_OBJECT_PREFIX = '/file-store/o/';

/**
 * The embedded-mode store: objects are files under `root`, the app serves them (local-routes.ts)
 * behind the same contract as S3 — an HMAC-signed POST policy (exact key, exact type, size range,
 * expiry) for uploads and an HMAC-signed, expiring GET for reads; no listing.
 */
export class LocalFileStore implements FileStore {
  readonly kind = 'local';
  readonly origins: string[] = [];
  private readonly root: string;
  private readonly secret: string;
  private readonly base: string;
  private readonly now: () => number;

  constructor(opts: LocalStoreOptions) {
    this.root = path.resolve(opts.root);
    this.secret = opts.secret;
    this.base = (opts.publicBase ?? '').replace(/\/$/, '');
    this.now = opts.now ?? Date.now;
  }

  /** The file of a key; only keys `keys.ts` makes, so no `..` or absolute path reaches the disk. */
  pathOf(key: string): string {
    if (!isStoreKey(key)) throw new BadKeyError();
    return path.join(this.root, ...key.split('/'));
  }

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('base64url');
  }

  private same(a: string, b: string): boolean {
    const x = Buffer.from(a);
    const y = Buffer.from(b);
    return x.length === y.length && timingSafeEqual(x, y);
  }

  async presignUpload(key: string, rules: UploadRules) {
    this.pathOf(key);
    assertLifetime(rules.expiresInSeconds);
    const expires = Math.floor(this.now() / 1000) + rules.expiresInSeconds;
    const policy = Buffer.from(JSON.stringify({ key, type: rules.contentType, max: rules.maxBytes, exp: expires })).toString('base64url');
    return {
      url: `${this.base}${LOCAL_UPLOAD_PATH}`,
      fields: { key, 'Content-Type': rules.contentType, policy, signature: this.sign(`upload\n${policy}`) },
      expiresAt: new Date(expires * 1000),
    };
  }

  /** Checks an upload form's fields (S3's rules: the form's key and type must equal the policy's). */
  verifyUpload(fields: Record<string, string>): UploadPolicy {
    const { policy, signature } = fields;
    if (!policy || !signature || !this.same(signature, this.sign(`upload\n${policy}`)))
      throw new SignatureError('Invalid upload signature.');
    const p = JSON.parse(Buffer.from(policy, 'base64url').toString('utf8')) as { key: string; type: string; max: number; exp: number };
    if (p.exp * 1000 <= this.now()) throw new SignatureError('Upload form expired.');
    if (fields.key !== p.key) throw new SignatureError('The key does not match the policy.');
    if (fields['Content-Type'] !== p.type) throw new SignatureError('The Content-Type does not match the policy.');
    this.pathOf(p.key);
    return { key: p.key, contentType: p.type, maxBytes: p.max, expires: p.exp };
  }

  private downloadText(key: string, q: { exp: string; disp: string; name: string; type: string }) {
    return `get\n${key}\n${q.exp}\n${q.disp}\n${q.name}\n${q.type}`;
  }

  async presignDownload(key: string, rules: DownloadRules) {
    this.pathOf(key);
    assertLifetime(rules.expiresInSeconds);
    const exp = String(Math.floor(this.now() / 1000) + rules.expiresInSeconds);
    const q = { exp, disp: rules.disposition, name: rules.fileName, type: rules.contentType };
    const params = new URLSearchParams({ ...q, sig: this.sign(this.downloadText(key, q)) });
    return { url: `${this.base}${LOCAL_OBJECT_PREFIX}${key}?${params}`, expiresAt: new Date(Number(exp) * 1000) };
  }

  /** Checks a download URL's signature and expiry; answers the headers to serve it with. */
  verifyDownload(key: string, query: Record<string, string | undefined>): { contentType: string; disposition: string; maxAge: number } {
    const { exp = '', disp = '', name = '', type = '', sig = '' } = query;
    if (!sig || !this.same(sig, this.sign(this.downloadText(key, { exp, disp, name, type }))))
      throw new SignatureError('Invalid signature.');
    const left = Number(exp) * 1000 - this.now();
    if (!(left > 0)) throw new SignatureError('Request has expired.');
    if (disp !== 'inline' && disp !== 'attachment') throw new SignatureError('Invalid signature.');
    return { contentType: type, disposition: contentDisposition(disp, name), maxAge: Math.floor(left / 1000) };
  }

  async stat(key: string) {
    const file = this.pathOf(key);
    try {
      const [s, meta] = await Promise.all([stat(file), readFile(`${file}.meta.json`, 'utf8').catch(() => '{}')]);
      if (!s.isFile()) return null;
      return { size: s.size, contentType: (JSON.parse(meta) as { contentType?: string }).contentType ?? null };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async read(key: string, maxBytes: number) {
    const found = await this.stat(key);
    if (!found) throw new ObjectMissingError(key);
    if (found.size > maxBytes) throw new FileTooLargeError(found.size, maxBytes);
    return readFile(this.pathOf(key));
  }

  /** A temporary file beside the key's final place, to be renamed over it once complete. */
  async tempFor(key: string): Promise<string> {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    return `${file}.part-${randomBytes(6).toString('hex')}`;
  }

  /** Moves a completely written temporary file to the key (atomic: a reader never sees half a file). */
  async commit(temp: string, key: string, contentType: string): Promise<void> {
    const file = this.pathOf(key);
    await writeFile(`${file}.meta.json`, JSON.stringify({ contentType }));
    await rename(temp, file);
  }

  async write(key: string, body: Buffer, contentType: string) {
    const temp = await this.tempFor(key);
    await writeFile(temp, body);
    await this.commit(temp, key, contentType);
  }

  async remove(keys: readonly string[]) {
    for (const key of keys) {
      const file = this.pathOf(key);
      await rm(file, { force: true });
      await rm(`${file}.meta.json`, { force: true });
    }
  }

  async listCentre(centreId: string) {
    if (!/^\d{1,19}$/.test(centreId)) throw new BadKeyError();
    const dir = path.join(this.root, 'centre', centreId);
    let entries: string[];
    try {
      entries = await readdir(dir, { recursive: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
    const keys: string[] = [];
    for (const rel of entries) {
      // Side files of an object (its type, an upload still being written) are not objects.
      if (rel.endsWith('.meta.json') || rel.includes('.part-')) continue;
      const key = `centre/${centreId}/${rel.split(path.sep).join('/')}`;
      if ((await stat(path.join(dir, rel))).isFile()) keys.push(key);
    }
    return keys.sort();
  }
}
