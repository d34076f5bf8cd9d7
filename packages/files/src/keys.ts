import { randomUUID } from 'node:crypto';

/**
 * Object keys are made here, by the server, never from a user's file name:
 * `centre/<centreId>/uploads/<uuid>` while an upload is unchecked, and
 * `centre/<centreId>/files/<uuid>/<variant>` once accepted; `centre/<centreId>/public/newsletter/<sha256>.<ext>`
 * for a copy of a newsletter image made public when the newsletter is sent or published (served
 * without signature by the centre host's `GET /n/<sha256>.<ext>`, nothing else is ever public);
 * `centre/<centreId>/backups/<uuid>/manifest.json` and `…/t<n>.copy.gz` for the control plane's
 * per-centre database backups (never signed for a browser).
 * The platform's own keys live under `platform/`: `platform/newsletter/<sha256>.webp` for an image of a
 * platform newsletter template (served by the platform host's `GET /n/<sha256>.webp`). No centre
 * key helper, `parseKey` or `forCentre` ever answers or accepts a `platform/` key.
 */
export const VARIANTS = ['main', 'thumb', 'poster'] as const;
export type Variant = (typeof VARIANTS)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Extensions of public newsletter images (the checked images are WebP). */
export const PUBLIC_IMAGE_EXTS = ['webp'] as const;
const PUBLIC_NAME = `([0-9a-f]{64})\\.(${PUBLIC_IMAGE_EXTS.join('|')})`;
/** The file name part of a public newsletter image's key and URL. */
export const PUBLIC_IMAGE_NAME = new RegExp(`^${PUBLIC_NAME}$`);
const KEY = new RegExp(`^centre/(\\d{1,19})/(?:uploads/(${UUID})|files/(${UUID})/(${VARIANTS.join('|')})|public/newsletter/${PUBLIC_NAME})$`);
/** A backup's objects: its manifest and one gzipped COPY stream per table. */
export const BACKUP_OBJECT = /^(?:manifest\.json|t\d{1,5}\.copy\.gz)$/;
const BACKUP_KEY = new RegExp(`^centre/(\\d{1,19})/backups/(${UUID})/(manifest\\.json|t\\d{1,5}\\.copy\\.gz)$`);

export class ForeignKeyError extends Error {
  constructor() {
    super('This file belongs to another centre.');
    this.name = 'ForeignKeyError';
  }
}

export class BadKeyError extends Error {
  constructor() {
    super('Not a file key.');
    this.name = 'BadKeyError';
  }
}

function centreSegment(centreId: string): string {
  if (!/^\d{1,19}$/.test(centreId)) throw new BadKeyError();
  return centreId;
}

export const uploadKey = (centreId: string, id: string = randomUUID()) => `centre/${centreSegment(centreId)}/uploads/${id}`;
export const fileKey = (centreId: string, id: string, variant: Variant) => `centre/${centreSegment(centreId)}/files/${id}/${variant}`;
/** A public newsletter image's key: its name is `<sha256>.<ext>` (PUBLIC_IMAGE_NAME), checked here. */
export function publicImageKey(centreId: string, name: string): string {
  if (!PUBLIC_IMAGE_NAME.test(name)) throw new BadKeyError();
  return `centre/${centreSegment(centreId)}/public/newsletter/${name}`;
}

/** The key of a platform newsletter template's image: its name is `<sha256>.<ext>` (PUBLIC_IMAGE_NAME), checked here. */
export function platformImageKey(name: string): string {
  if (!PUBLIC_IMAGE_NAME.test(name)) throw new BadKeyError();
  return `platform/newsletter/${name}`;
}

const PLATFORM_KEY = new RegExp(`^platform/newsletter/${PUBLIC_NAME}$`);
/** A key of the platform's own (`platformImageKey`); no centre key is one. */
export const isPlatformKey = (key: string): boolean => PLATFORM_KEY.test(key);
/** A key the stores accept: a centre's (`parseKey`) or the platform's (`isPlatformKey`); nothing else reaches a path or bucket. */
export const isStoreKey = (key: string): boolean => parseKey(key) !== null || isPlatformKey(key);

/** The folder of one backup (`centre/<centreId>/backups/<uuid>/`) and the key of one of its objects. */
export const backupPrefix = (centreId: string, backupUuid: string) => {
  if (!new RegExp(`^${UUID}$`).test(backupUuid)) throw new BadKeyError();
  return `centre/${centreSegment(centreId)}/backups/${backupUuid}/`;
};
export function backupObjectKey(prefix: string, name: string): string {
  const key = `${prefix}${name}`;
  if (!BACKUP_KEY.test(key)) throw new BadKeyError();
  return key;
}

/** What a key names, or null when it is not a key `uploadKey`/`fileKey`/`backupObjectKey` could have made. */
export function parseKey(
  key: string,
): { centreId: string; kind: 'upload' | 'file' | 'public' | 'backup'; id: string; variant: Variant | null } | null {
  const b = BACKUP_KEY.exec(key);
  if (b) return { centreId: b[1]!, kind: 'backup', id: b[2]!, variant: null };
  const m = KEY.exec(key);
  if (!m) return null;
  if (m[2]) return { centreId: m[1]!, kind: 'upload', id: m[2], variant: null };
  if (m[5]) return { centreId: m[1]!, kind: 'public', id: `${m[5]}.${m[6]}`, variant: null };
  return { centreId: m[1]!, kind: 'file', id: m[3]!, variant: m[4] as Variant };
}

/** Refuses a malformed key, and a key of any centre but `centreId`. */
export function assertCentreKey(centreId: string, key: string): void {
  const parsed = parseKey(key);
  if (!parsed) throw new BadKeyError();
  if (parsed.centreId !== centreId) throw new ForeignKeyError();
}
