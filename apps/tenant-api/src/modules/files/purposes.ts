import type { Knex } from 'knex';
import { NEWSLETTER_IMAGE_RULES, type CheckRules } from '@kv/files';
import { forbidden } from '@kv/server';
import { roleAtLeast, type RoleName } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import {
  assertLocations,
  isStaff,
  manageScope,
  managerScope,
  readScope,
  reaches,
  requirePermission,
  staffScope,
  studentReadScope,
  studentScopeOf,
} from '../../core/access.ts';
import { applyScope, assertParentMayEdit, idsInScope, studentEditor, studentInScope } from '../students/index.ts';
import { readImageSetting } from './image-setting.ts';

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
  /** Rules read at check time (the centre's image setting), in place of `rules`' image part. */
  rulesAt?(db: Knex): Promise<CheckRules>;
}

const MB = 1024 * 1024;

/** Photos: JPEG/PNG/WebP/HEIC in (a phone's HEIC decoded by libheif, as sharp's libvips has no HEVC), ≤ 15 MB, ≤ 40 MP. */
const photo = (longSide: number): CheckRules => ({
  kind: 'image',
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
  maxBytes: 15 * MB,
  image: { longSide, thumbSide: 320, maxPixels: 40_000_000 },
});

/**
 * Album and activity photos (issue 17): JPEG/PNG/WebP/HEIC ≤ 15 MB, stored as WebP at the centre's
 * image setting (`getImagesSetting`: long side, quality, thumbnail) read when the check runs.
 */
const mediaPhoto: CheckRules = {
  kind: 'image',
  types: ['image/jpeg', 'image/png', 'image/webp', 'image/heic'],
  maxBytes: 15 * MB,
  image: { longSide: 1920, thumbSide: 400, maxPixels: 40_000_000 },
};
const mediaPhotoAt = async (db: Knex): Promise<CheckRules> => {
  const s = await readImageSetting(db);
  return { ...mediaPhoto, image: { longSide: s.long_side, thumbSide: s.thumbnail, quality: s.quality, maxPixels: 40_000_000 } };
};
/** Videos: MP4/MOV/WebM ≤ 500 MB, ≤ 5 minutes (ffprobe), with a poster frame (ffmpeg). */
const mediaVideo: CheckRules = {
  kind: 'video',
  types: ['video/mp4', 'video/quicktime', 'video/webm'],
  maxBytes: 500 * MB,
  video: { maxSeconds: 300 },
};

/**
 * Owners (locations) a viewer of at least `role` reads here: the locations of their scope. Below
 * that role nothing: those viewers reach the files only through the owning area.
 */
const locationsReachedBy =
  (role: RoleName) =>
  async (ctx: RequestContext, ownerIds: readonly string[]): Promise<Set<string>> => {
    if (!ctx.viewer || !roleAtLeast(ctx.viewer.role, role)) return new Set<string>();
    const scope = await readScope(ctx);
    return new Set(ownerIds.map(String).filter((o) => reaches(scope, o)));
  };

/**
 * Album and activity media: `owner_id` is the location. Uploaded by staff with `activities.manage`
 * at that location. Read here by staff of the location only: families reach these files solely
 * through the photos area (`Photo.file`), which applies photo consent before any URL is signed.
 */
const locationMedia = (rules: CheckRules, rulesAt?: (db: Knex) => Promise<CheckRules>) =>
  ({
    rules,
    ...(rulesAt ? { rulesAt } : {}),
    disposition: 'inline',
    single: false,
    entity: 'location',
    async assertMayUpload(ctx: RequestContext, ownerId: string) {
      const scope = await staffScope(ctx, 'activities.manage');
      await assertLocations(ctx, scope, [ownerId]);
      return { locationId: String(ownerId) };
    },
    readableOwners: locationsReachedBy('teacher'),
  }) satisfies Purpose;

/**
 * Chat attachments (issue 18): images (JPEG/PNG/WebP, re-encoded like album photos) and PDFs,
 * ≤ 20 MB. `owner_id` is the location of the conversation: uploaded by staff holding
 * `messages.send` at the location or by a parent with a child there; the chat area checks the
 * thread when the message is sent. Read here by staff of the location only: families reach these
 * files solely through the chat area (`ChatMessage.attachment`), once they read the thread.
 */
const chatAttachment = {
  rules: {
    kind: 'pdf',
    types: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 20 * MB,
    image: { longSide: 1920, thumbSide: 400, maxPixels: 40_000_000 },
  },
  disposition: 'inline',
  single: false,
  entity: 'location',
  async assertMayUpload(ctx: RequestContext, ownerId: string) {
    if (!ctx.viewer || ctx.viewer.role === 'blog') throw forbidden();
    const scope = isStaff(ctx.viewer) ? await staffScope(ctx, 'messages.send') : await readScope(ctx);
    await assertLocations(ctx, scope, [ownerId]);
    return { locationId: String(ownerId) };
  },
  readableOwners: locationsReachedBy('teacher'),
} satisfies Purpose;

/**
 * Documents (issue 20): a family's or staff member's upload answering a document request, PDF,
 * JPEG, PNG or WebP ≤ 10 MB; `owner_id` is the request's location. Uploaded by staff of the
 * location or a parent with a child there (the documents area checks the request and the child
 * when the upload is handed in). Read here by staff of the location; families reach their own
 * files solely through the documents area.
 */
const documentUpload = {
  rules: {
    kind: 'pdf',
    types: ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'],
    maxBytes: 10 * MB,
    image: { longSide: 2400, thumbSide: 400, maxPixels: 40_000_000 },
  },
  disposition: 'attachment',
  single: false,
  entity: 'location',
  async assertMayUpload(ctx: RequestContext, ownerId: string) {
    if (!ctx.viewer || ctx.viewer.role === 'blog') throw forbidden();
    const scope = await readScope(ctx);
    await assertLocations(ctx, scope, [ownerId]);
    return { locationId: String(ownerId) };
  },
  readableOwners: locationsReachedBy('teacher'),
} satisfies Purpose;

/**
 * Centre files (issue 20): a document of the location (policies, handbooks) in PDF, JPEG, PNG,
 * WebP, DOCX or XLSX ≤ 25 MB; `owner_id` is the location. Uploaded by its managers holding
 * `documents.manage`; read here by staff of the location, by others only through the documents
 * area (published and shared with them).
 */
const centreFileUpload = {
  rules: {
    kind: 'pdf',
    types: [
      'application/pdf',
      'image/jpeg',
      'image/png',
      'image/webp',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    maxBytes: 25 * MB,
    image: { longSide: 2400, thumbSide: 400, maxPixels: 40_000_000 },
  },
  disposition: 'attachment',
  single: false,
  entity: 'location',
  async assertMayUpload(ctx: RequestContext, ownerId: string) {
    const scope = await managerScope(ctx);
    await requirePermission(ctx, 'documents.manage');
    await assertLocations(ctx, scope, [ownerId]);
    return { locationId: String(ownerId) };
  },
  readableOwners: locationsReachedBy('teacher'),
} satisfies Purpose;

/**
 * Newsletter images (issue 18): JPEG, PNG, WebP or GIF (a still one) ≤ 5 MB, stored as WebP with
 * the long side capped at 1600; `owner_id` is a location. Uploaded by the newsletter editors
 * (managers with `announcements.manage`, as the newsletters area's operations) at that location,
 * read here by the editors whose scope reaches it. Mail readers never get these signed URLs: a send
 * or publish copies each referenced image to a public, content-hashed key (the newsletters area).
 */
const newsletterImage = {
  // Shared with the platform's template images (control plane): one set of rules.
  rules: NEWSLETTER_IMAGE_RULES,
  disposition: 'inline',
  single: false,
  entity: 'location',
  async assertMayUpload(ctx: RequestContext, ownerId: string) {
    const scope = await manageScope(ctx, 'announcements.manage');
    await assertLocations(ctx, scope, [ownerId]);
    return { locationId: String(ownerId) };
  },
  readableOwners: locationsReachedBy('manager'),
} satisfies Purpose;

/**
 * Printed forms (issue 20): the blank PDF a manager uploads, ≤ 20 MB and ≤ 30 pages; `owner_id`
 * is the form's location. Uploaded by managers holding `forms.manage` there; read here by staff of
 * the location. Families reach a printed form's PDF solely through the forms area (`Form.pdf`,
 * once the form was shared with one of their children).
 */
const printedFormUpload = {
  rules: { kind: 'pdf', types: ['application/pdf'], maxBytes: 20 * MB, pdf: { maxPages: 30 } },
  disposition: 'inline',
  single: false,
  entity: 'location',
  async assertMayUpload(ctx: RequestContext, ownerId: string) {
    const scope = await managerScope(ctx);
    await requirePermission(ctx, 'forms.manage');
    await assertLocations(ctx, scope, [ownerId]);
    return { locationId: String(ownerId) };
  },
  readableOwners: locationsReachedBy('teacher'),
} satisfies Purpose;

/**
 * The children whose form entries the viewer reaches, as the forms area scopes them: a parent's own
 * children, staff holding `forms.manage` in their scope; null for anyone else.
 */
async function formsStudentScope(ctx: RequestContext) {
  if (!ctx.viewer || ctx.viewer.role === 'blog') return null;
  if (isStaff(ctx.viewer)) {
    try {
      await requirePermission(ctx, 'forms.manage');
    } catch {
      return null;
    }
  }
  return studentScopeOf(ctx);
}

/**
 * Signed PDFs (issue 20): a printed form filled, signed, flattened and sealed with its certificate
 * page, written by the server only (never uploaded); `owner_id` is the submission. Read by whoever
 * reads the submission: the child's parents, staff of the child's scope holding `forms.manage`.
 */
const signedPdf = {
  rules: { kind: 'pdf', types: ['application/pdf'], maxBytes: 40 * MB },
  disposition: 'attachment',
  single: true,
  entity: 'form_submission',
  async assertMayUpload() {
    throw forbidden();
  },
  async readableOwners(ctx: RequestContext, ownerIds: readonly string[]) {
    const scope = ownerIds.length ? await formsStudentScope(ctx) : null;
    if (!scope) return new Set<string>();
    const q = ctx.db('form_submissions as fs')
      .join('students as s', 's.id', 'fs.student_id')
      .whereIn('fs.id', ownerIds.map(String));
    const rows: { id: string }[] = await applyScope(ctx.db, q, scope).select('fs.id');
    return new Set(rows.map((r) => String(r.id)));
  },
} satisfies Purpose;

/**
 * A web form's file field (issue 20): a photo ID or a vet's note attached while filling a child's
 * form, PDF, JPEG, PNG or WebP ≤ 10 MB; `owner_id` is the child. Uploaded by whoever may fill the
 * child's forms (a parent of the child, staff of its scope holding `forms.manage`); `submitForm`
 * takes only the submitter's own upload for that child. Read by the same people.
 */
const formAttachment = {
  rules: documentUpload.rules,
  disposition: 'attachment',
  single: false,
  entity: 'student',
  async assertMayUpload(ctx: RequestContext, ownerId: string) {
    const scope = await formsStudentScope(ctx);
    if (!scope) throw forbidden();
    const student = await studentInScope(ctx, scope, ownerId);
    return { locationId: String(student.location_id) };
  },
  async readableOwners(ctx: RequestContext, ownerIds: readonly string[]) {
    const scope = ownerIds.length ? await formsStudentScope(ctx) : null;
    return new Set(scope ? await idsInScope(ctx.db, scope, ownerIds) : []);
  },
} satisfies Purpose;

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
  /** A photo of a daily activity (the activities area). */
  activity_photo: locationMedia(mediaPhoto, mediaPhotoAt),
  /** A photo of the students, staff or facility album (the photos area). */
  album_photo: locationMedia(mediaPhoto, mediaPhotoAt),
  activity_video: locationMedia(mediaVideo),
  album_video: locationMedia(mediaVideo),
  /** An image or PDF sent in a chat thread (the chat area). */
  chat_attachment: chatAttachment,
  /** A document answering a request (the documents area). */
  document: documentUpload,
  /** A centre file (the documents area). */
  centre_file: centreFileUpload,
  /** An image of a newsletter or centre template (the newsletters area). */
  newsletter_image: newsletterImage,
  /** The blank PDF of a printed form (the forms area). */
  printed_form: printedFormUpload,
  /** A printed form filled and signed, written by the server (the forms area). */
  signed_pdf: signedPdf,
  /** A file attached to a web form's file field (the forms area). */
  form_attachment: formAttachment,
} satisfies Record<string, Purpose>;

/** The purposes whose files are album or activity media (owner: the location). */
export const MEDIA_PURPOSES = ['activity_photo', 'album_photo', 'activity_video', 'album_video'] as const;

export type PurposeName = keyof typeof PURPOSES;

export function purposeOf(name: string): Purpose | null {
  return Object.hasOwn(PURPOSES, name) ? (PURPOSES[name as PurposeName] as Purpose) : null;
}

/** A purpose's rules as they apply now (its `rulesAt` when it reads a setting). */
export async function rulesOf(db: Knex, purpose: Purpose): Promise<CheckRules> {
  return purpose.rulesAt ? purpose.rulesAt(db) : purpose.rules;
}
