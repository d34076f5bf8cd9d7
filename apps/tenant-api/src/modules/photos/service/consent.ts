import { z } from 'zod';
import type { Knex } from 'knex';
import { fields, forbidden, parseArgs } from '@kv/server';
import { roleAtLeast } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import { hasPermission, isStaff, requireViewer, studentScopeOf } from '../../../core/access.ts';
import { id } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, lockFor } from '../../../core/tx.ts';
import { findStudents, idsInScope } from '../../students/index.ts';
import { findFiles } from '../../files/index.ts';
import * as repo from '../repo.ts';
import { photoScopeOf } from '../policy.ts';
import { noConsent, notAGuardian, studentNotFound } from '../errors.ts';
import { AppError, badInput } from '@kv/server';

/**
 * Spec photo consent: a legal guardian of the child records it in the app, or a manager (with
 * `students.edit`, the child at a location they manage) records a signed paper form. Every change
 * is a new version (who, when, value); reads use the newest at once, so a withdrawal hides the
 * child's media from the next request on (signed URLs live at most five minutes).
 */
export async function updatePhotoConsent(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  const a = parseArgs(z.object({ student_id: id, consent: fields.oneOf('Photo consent', repo.CONSENTS) }), raw);
  const inScope = (await idsInScope(ctx.db, await studentScopeOf(ctx), [a.student_id])).length > 0;
  if (!inScope) throw studentNotFound();
  let source: 'guardian' | 'paper_form';
  if (isStaff(v)) {
    if (!roleAtLeast(v.role, 'manager') || !(await hasPermission(ctx, 'students.edit'))) throw notAGuardian();
    source = 'paper_form';
  } else {
    if (!(await repo.isLegalGuardian(ctx.db, v.id, a.student_id))) throw notAGuardian();
    source = 'guardian';
  }
  const row = await inTransaction(ctx, async (trx) => {
    await lockFor(trx, `photo-consent:${a.student_id}`);
    const before = (await repo.currentConsents(trx, [a.student_id])).get(a.student_id)!;
    const saved = await repo.insertConsent(trx, { student_id: a.student_id, consent: a.consent, source, recorded_by: v.id });
    await audit(ctx, trx, {
      action: 'student.photo_consent',
      entity: 'student',
      entity_id: a.student_id,
      data: { consent: [before.consent, a.consent], source },
    });
    return saved;
  });
  return { ...notice('Photo consent saved.'), consent: row };
}

/** Every recorded version of a child's consent (whoever may read the child: staff with students.view, the child's contacts). */
export async function getPhotoConsentLog(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  if (v.role === 'blog') throw forbidden();
  if (isStaff(v) && !(await hasPermission(ctx, 'students.view'))) throw forbidden();
  const a = parseArgs(z.object({ student_id: id }), raw);
  if (!(await idsInScope(ctx.db, await studentScopeOf(ctx), [a.student_id])).length) throw studentNotFound();
  return repo.consentLog(ctx.db, a.student_id);
}

/**
 * For the activities area (a Photo/Video entry points at a students-album photo): the photo must
 * be a students-album photo the viewer sees (else BAD_USER_INPUT naming `photo`), and none of the
 * children to show with it may have consent `none` (BAD_USER_INPUT naming `students` and the
 * child). Their consents are locked for `trx`, so a withdrawal cannot slip in between.
 */
export async function checkMediaTags(
  trx: Knex.Transaction,
  ctx: RequestContext,
  photoId: string,
  studentIds: readonly string[],
  opts: { field?: string; media?: 'photo' | 'video' } = {},
): Promise<void> {
  const field = opts.field ?? 'photo';
  const what = opts.media === 'video' ? 'a video' : 'a photo';
  const [photo] = /^\d{1,19}$/.test(String(photoId)) ? await repo.photosInScope(trx, await photoScopeOf(ctx), [String(photoId)]) : [];
  if (!photo || photo.album !== 'students') throw badInput(field, `Choose ${what} of the students album.`);
  if (opts.media) {
    // A photo entry shows an image, a video entry a video: the file's purpose says which it is.
    const [file] = await findFiles(trx, [photo.file_id]);
    if (!file || file.purpose.endsWith('_video') !== (opts.media === 'video'))
      throw badInput(field, `Choose ${what} of the students album.`);
  }
  const ids = [...new Set(studentIds.map(String))].sort();
  if (!ids.length) return;
  for (const sid of ids) await lockFor(trx, `photo-consent:${sid}`);
  const consents = await repo.currentConsents(trx, ids);
  const refused = ids.filter((sid) => consents.get(sid)?.consent === 'none');
  if (!refused.length) return;
  const [child] = await findStudents(trx, [refused[0]!], { archived: false });
  throw child
    ? noConsent(`${child.fname} ${child.lname}`)
    : new AppError('BAD_USER_INPUT', 'A tagged child has no photo consent.', { field: 'students' });
}

/**
 * For the activities area: of these photo ids, those approved and not deleted, whoever looks (an
 * entry showing a pending photo waits for its approval before guardians hear of it).
 */
export async function approvedPhotoIds(db: Knex | Knex.Transaction, photoIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(photoIds.map(String).filter((i) => /^\d{1,19}$/.test(i)))];
  if (!ids.length) return new Set();
  return new Set((await repo.approvedIds(db, ids)).map(String));
}

/**
 * For the activities area and any other reader of media: of these photo ids, those the viewer may
 * see now (the photos scope with photo consent applied for families), in one query.
 */
export async function visiblePhotoIds(ctx: RequestContext, photoIds: readonly string[]): Promise<Set<string>> {
  const ids = [...new Set(photoIds.map(String).filter((i) => /^\d{1,19}$/.test(i)))];
  if (!ids.length || !ctx.viewer) return new Set();
  const rows = await repo.photosInScope(ctx.db, await photoScopeOf(ctx), ids);
  return new Set(rows.map((r) => String(r.id)));
}
