import { randomUUID } from 'node:crypto';

/**
 * Object keys are made here, by the server, never from a user's file name:
 * `centre/<centreId>/uploads/<uuid>` while an upload is unchecked, and
 * `centre/<centreId>/files/<uuid>/<variant>` once accepted.
 */
export const VARIANTS = ['main', 'thumb', 'poster'] as const;
export type Variant = (typeof VARIANTS)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const KEY = new RegExp(`^centre/(\\d{1,19})/(?:uploads/(${UUID})|files/(${UUID})/(${VARIANTS.join('|')}))$`);

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

/** What a key names, or null when it is not a key `uploadKey`/`fileKey` could have made. */
export function parseKey(key: string): { centreId: string; kind: 'upload' | 'file'; id: string; variant: Variant | null } | null {
  const m = KEY.exec(key);
  if (!m) return null;
  if (m[2]) return { centreId: m[1]!, kind: 'upload', id: m[2], variant: null };
  return { centreId: m[1]!, kind: 'file', id: m[3]!, variant: m[4] as Variant };
}

/** Refuses a malformed key, and a key of any centre but `centreId`. */
export function assertCentreKey(centreId: string, key: string): void {
  const parsed = parseKey(key);
  if (!parsed) throw new BadKeyError();
  if (parsed.centreId !== centreId) throw new ForeignKeyError();
}
