import { z } from 'zod';
import { randomToken, sha256Hex } from '@kv/auth';
import { fields, parseArgs } from '@kv/server';
import { displayEmail, PARENT_EDITABLE_STUDENT_FIELDS } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import { assertParent } from './policy.ts';
import { badCode, emailInUse, parentsOnly } from './errors.ts';
import { inTransaction } from '../../core/tx.ts';
import { id, pageArgs, paginated } from '../../core/args.ts';
import { isParent, isStaff, scopeLocations, studentManageScope, studentScopeOf, requireViewer, hasPermission } from '../../core/access.ts';
import { notice } from '../../core/result.ts';
import { childLocationIds } from '../../core/scope-repo.ts';
import { charge } from '../auth/index.ts';
import { listLocations } from '../locations/index.ts';
import {
  claimStudentCode,
  findStudents,
  idsInScope,
  insertStudentCode,
  upsertPivots,
  auditStudent,
  parentEditRights,
  studentInScope,
  parentEditOff,
} from '../students/index.ts';
import {
  addMemberLocations,
  emailTaken,
  findPeople,
  insertPerson,
  roleNamesOf,
  setRoles,
  updatePeople,
  upsertSettings,
  userScopeOf,
  auditPerson,
  email,
  personDetails,
  personName,
  phone,
  sendInvitation,
  settingOf,
} from '../users/index.ts';

const CODE_DAYS = 30;

// ── parents adding people and children ──────────────────────────────────────

/**
 * A parent adds another contact (a grandparent, a sitter) to their own child, when the centre lets
 * parents edit students. The contact is invited by email; they may pick up and be called in an
 * emergency as the parent chooses, but never watch cameras, pay or act as legal guardian until
 * staff say so.
 */
export async function createStudentUserByParent(ctx: RequestContext, raw: unknown) {
  assertParent(ctx);
  const a = parseArgs(
    z.object({
      student_id: id,
      ...personName,
      email,
      phone,
      relation: z.string().trim().max(60, 'Relation must be at most 60 characters.').nullish(),
      emergency_contact: z.boolean().nullish(),
      pickup: z.boolean().nullish(),
    }),
    raw,
  );
  const s = await studentInScope(ctx, await studentScopeOf(ctx), a.student_id);
  if (!(await parentEditRights(ctx, s.location_id)).can_edit_student) throw parentEditOff();
  if (await emailTaken(ctx.db, a.email)) throw emailInUse();
  const v = requireViewer(ctx);
  const userId = await inTransaction(ctx, async (trx) => {
    const username = await repo.freeUsername(trx, a.email.split('@')[0]!);
    const uid = await insertPerson(trx, {
      fname: a.fname,
      lname: a.lname,
      username,
      email: a.email,
      phone: a.phone ?? null,
      email_confirmed: false,
      invited: true,
      status: true,
      pending: false,
      created_by: v.id,
      updated_by: v.id,
    });
    await setRoles(trx, uid, ['user']);
    await addMemberLocations(trx, [uid], s.location_id);
    await upsertPivots(trx, [
      {
        student_id: a.student_id,
        user_id: uid,
        relation: a.relation ?? null,
        emergency_contact: a.emergency_contact ?? false,
        pickup: a.pickup ?? false,
        watch_camera: false,
        is_payer: false,
        legal_guardian: false,
        alert: false,
        black_list: false,
      },
    ]);
    await sendInvitation(ctx, trx, { id: uid, fname: a.fname, email: a.email, phone: a.phone }, { email: true, sms: false });
    await auditStudent(ctx, trx, 'student.guardian_add', a.student_id, s.location_id, { user_id: uid, by_parent: true });
    await auditPerson(ctx, trx, 'user.create', uid, { kind: 'contact', by_parent: true, student_id: a.student_id }, s.location_id);
    return uid;
  });
  const [user] = await findPeople(ctx.db, [userId]);
  return { ...notice('Contact added and invited.'), user };
}

/** Staff make a one-time code (for a QR code) that links a family to a child. */
export async function generateStudentQrCode(ctx: RequestContext, raw: unknown) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(
    z.object({ student_id: id, days: z.number().int().min(1, 'At least 1 day.').max(365, 'At most 365 days.').nullish() }),
    raw,
  );
  const s = await studentInScope(ctx, scope, a.student_id);
  const code = randomToken(12);
  const expiresAt = new Date(Date.now() + (a.days ?? CODE_DAYS) * 24 * 3600_000);
  await inTransaction(ctx, async (trx) => {
    await insertStudentCode(trx, {
      student_id: a.student_id,
      code_hash: sha256Hex(code),
      created_by: requireViewer(ctx).id,
      expires_at: expiresAt,
    });
    await auditStudent(ctx, trx, 'student.qr_code', a.student_id, s.location_id, { expires_at: expiresAt.toISOString() });
  });
  return { ...notice('Code created. It works once.'), student_id: a.student_id, code, expires_at: expiresAt.toISOString() };
}

/** A parent scans a child's code: they become one of the child's contacts (no pickup until staff allow it). */
export async function addStudentByQrCode(ctx: RequestContext, raw: unknown) {
  assertParent(ctx);
  await charge(ctx.throttles.verifyIp, `${ctx.tenant.id}:${ctx.ip}`);
  const a = parseArgs(z.object({ code: z.string().trim().min(8, 'This code is not valid.').max(200, 'This code is not valid.') }), raw);
  const v = requireViewer(ctx);
  const studentId = await inTransaction(ctx, async (trx) => {
    const sid = await claimStudentCode(trx, sha256Hex(a.code), v.id);
    if (!sid) return null;
    const [s] = await findStudents(trx, [sid]);
    if (!s) return null;
    await upsertPivots(trx, [{ student_id: sid, user_id: v.id, pickup: false, watch_camera: true, black_list: false }]);
    await addMemberLocations(trx, [v.id], s.location_id);
    await auditStudent(ctx, trx, 'student.guardian_add', sid, s.location_id, { user_id: v.id, by_qr_code: true });
    return sid;
  });
  if (!studentId) throw badCode();
  const [s] = await findStudents(ctx.db, [studentId], { scope: await studentScopeOf(ctx) });
  return { ...notice('Your child was added to your account.'), student: s ? { ...s, __scoped: true } : null, duplicates: [] };
}

// ── parent directory ────────────────────────────────────────────────────────

/**
 * Families of the viewer's locations that chose to be listed, at locations that show the
 * directory: a parent sees those of their children's locations; staff those of their own.
 * Each family shows what it chose: email, phone, children's first names.
 */
export async function getParentDirectory(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  if (!isParent(v) && !isStaff(v)) throw parentsOnly();
  const a = parseArgs(z.object({ location_id: id.nullish(), search: z.string().trim().max(100).nullish(), ...pageArgs }), raw);
  let mine: string[];
  if (isParent(v)) mine = v.locationIds?.children ?? (await childLocationIds(ctx.db, v.id));
  else mine = scopeLocations(await studentScopeOf(ctx)) ?? (await listLocations(ctx.db, null)).map((l) => String(l.id));
  const wanted = a.location_id ? mine.filter((l) => l === a.location_id) : mine;
  const shown = await repo.directoryLocations(ctx.db, wanted);
  if (!shown.length) return paginated([], 0, a.page, a.first);
  const { rows, total } = await repo.pageDirectory(ctx.db, shown, a.search, a.page, a.first);
  const children = await repo.childNames(
    ctx.db,
    rows.filter((r) => r.directory_show_children).map((r) => String(r.id)),
    shown,
  );
  const data = rows.map((r) => ({
    user_id: String(r.id),
    name: `${r.fname} ${r.lname}`,
    email: r.directory_show_email ? displayEmail(r.email) || null : null,
    phone: r.directory_show_phone ? r.phone : null,
    children: r.directory_show_children ? (children.get(String(r.id)) ?? []) : [],
  }));
  return paginated(data, total, a.page, a.first);
}

/** The signed-in family's directory privacy choice. */
export async function updateParentDirectoryPrivacy(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const a = parseArgs(
    z.object({
      directory_visible: z.boolean({ message: 'directory_visible must be true or false.' }),
      directory_show_email: z.boolean().nullish(),
      directory_show_phone: z.boolean().nullish(),
      directory_show_children: z.boolean().nullish(),
    }),
    raw,
  );
  const patch = {
    directory_visible: a.directory_visible,
    directory_show_email: a.directory_show_email ?? false,
    directory_show_phone: a.directory_show_phone ?? false,
    directory_show_children: a.directory_show_children ?? false,
    updated_by: v.id,
  };
  await inTransaction(ctx, async (trx) => {
    await upsertSettings(trx, v.id, patch);
    await auditPerson(ctx, trx, 'user.directory_privacy', v.id, patch);
  });
  return { ...notice('Directory choice saved.'), setting: await settingOf(ctx, v.id) };
}

/** The signed-in person's own profile fields (route /user-profile, /contact-profile). */
export async function updateProfile(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  const { middle_name, nick_name, phone: p1, phone2, phone_type, phone2_type, avatar } = personDetails;
  const a = parseArgs(
    z.object({
      fname: fields.name('First name').optional(),
      lname: fields.name('Last name').optional(),
      middle_name,
      nick_name,
      phone: p1,
      phone2,
      phone_type,
      phone2_type,
      avatar,
    }),
    raw,
  );
  const patch: Record<string, unknown> = {};
  for (const [k, val] of Object.entries(a)) if (val !== undefined) patch[k] = val;
  await inTransaction(ctx, async (trx) => {
    await updatePeople(trx, [v.id], { ...patch, updated_by: v.id });
    await auditPerson(ctx, trx, 'user.profile', v.id, { fields: Object.keys(patch) });
  });
  const [user] = await findPeople(ctx.db, [v.id]);
  return { ...notice('Profile saved.'), user };
}

// ── profile and edit permissions (spec §6) ──────────────────────────────────

/** found: the child is in the viewer's reach; permission: the viewer may open the profile. */
export async function checkStudentProfilePermission(ctx: RequestContext, raw: unknown) {
  const scope = await studentScopeOf(ctx);
  const a = parseArgs(z.object({ student_id: id }), raw);
  const found = (await idsInScope(ctx.db, scope, [a.student_id])).length === 1;
  const v = requireViewer(ctx);
  const permission = found && (isParent(v) || (await hasPermission(ctx, 'students.view')));
  return { found, permission };
}

export async function checkUserProfilePermission(ctx: RequestContext, raw: unknown) {
  const scope = await userScopeOf(ctx);
  const a = parseArgs(z.object({ user_id: id }), raw);
  const found = (await findPeople(ctx.db, [a.user_id], { scope })).length === 1;
  const v = requireViewer(ctx);
  const permission =
    found &&
    (a.user_id === v.id ||
      isParent(v) ||
      (isStaff(v) && ((await hasPermission(ctx, 'users.view')) || (await hasPermission(ctx, 'team.view')))));
  return { found, permission };
}

/** A team (staff) profile: found only for staff people in reach; permission with team.view. */
export async function checkTeamProfilePermission(ctx: RequestContext, raw: unknown) {
  const scope = await userScopeOf(ctx);
  const a = parseArgs(z.object({ user_id: id }), raw);
  const [person] = await findPeople(ctx.db, [a.user_id], { scope });
  const roles = person ? ((await roleNamesOf(ctx.db, [a.user_id])).get(a.user_id) ?? []) : [];
  const found = Boolean(person) && roles.some((r) => r !== 'user');
  const v = requireViewer(ctx);
  const permission = found && (a.user_id === v.id || (isStaff(v) && (await hasPermission(ctx, 'team.view'))));
  return { found, permission };
}

/** Spec §6: can_edit_student and can_edit_fields for this viewer and child. */
export async function getStudentEditPermissions(ctx: RequestContext, raw: unknown) {
  const scope = await studentScopeOf(ctx);
  const a = parseArgs(z.object({ student_id: id }), raw);
  const s = await studentInScope(ctx, scope, a.student_id);
  const v = requireViewer(ctx);
  if (isParent(v)) return { student_id: a.student_id, ...(await parentEditRights(ctx, s.location_id)) };
  const staffMay = isStaff(v) && (await hasPermission(ctx, 'students.edit'));
  return { student_id: a.student_id, can_edit_student: staffMay, can_edit_fields: staffMay ? [...PARENT_EDITABLE_STUDENT_FIELDS] : [] };
}
