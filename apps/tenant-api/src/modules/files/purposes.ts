import type { CheckRules } from '@kv/files';
import type { RequestContext } from '../../types.ts';
import { studentReadScope } from '../../core/access.ts';
import { assertParentMayEdit, idsInScope, studentEditor, studentInScope } from '../students/index.ts';

/**
 * What may be uploaded, by whom, and who reads it — one entry per purpose, registered by the area
 * that owns the files. The files area checks type, size and content; the owning area answers the
 * access questions about its own rows (`owner_id`).
 */
export interface Purpose {
  rules: CheckRules;
  /** How reads are offered: `inline` (shown in the page) or `attachment` (downloaded). */
  disposition: 'inline' | 'attachment';
  /** One file per owner (a photo): accepting a new one deletes the older ones. */
  single: boolean;
  /** The audit row's entity (the owner's history shows the upload). */
  entity: string;
  /** Refuses (NOT_FOUND / FORBIDDEN) a viewer who may not add a file to this owner. */
  assertMayUpload(ctx: RequestContext, ownerId: string): Promise<{ locationId: string | null }>;
  /** Of these owners, those whose files the viewer may read (one query for any number). */
  readableOwners(ctx: RequestContext, ownerIds: readonly string[]): Promise<Set<string>>;
}

const MB = 1024 * 1024;

/** Photos: JPEG/PNG/WebP in (HEIC is not decoded by sharp's prebuilt libvips), ≤ 15 MB, ≤ 40 MP. */
const photo = (longSide: number): CheckRules => ({
  kind: 'image',
  types: ['image/jpeg', 'image/png', 'image/webp'],
  maxBytes: 15 * MB,
  image: { longSide, thumbSide: 320, maxPixels: 40_000_000 },
});

export const PURPOSES = {
  /**
   * A child's profile photo: staff who may edit the child (`students.edit` in their scope), or a
   * parent of the child when the centre lets parents edit the `image` field. Read by whoever may
   * read the child.
   */
  student_photo: {
    rules: photo(1600),
    disposition: 'inline',
    single: true,
    entity: 'student',
    async assertMayUpload(ctx, ownerId) {
      const editor = await studentEditor(ctx);
      const student = await studentInScope(ctx, editor.scope, ownerId);
      if (editor.parent) await assertParentMayEdit(ctx, student.location_id, ['image']);
      return { locationId: String(student.location_id) };
    },
    async readableOwners(ctx, ownerIds) {
      return new Set(await idsInScope(ctx.db, await studentReadScope(ctx), ownerIds));
    },
  },
} satisfies Record<string, Purpose>;

export type PurposeName = keyof typeof PURPOSES;

export function purposeOf(name: string): Purpose | null {
  return Object.hasOwn(PURPOSES, name) ? PURPOSES[name as PurposeName] : null;
}
