import { z } from 'zod';
import { forbidden, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { assertMayEditPerson, userReadScope, userWriteScope } from '../policy.ts';
import { notYourself, personNotFound } from '../errors.ts';
import { endSessions } from './people.ts';
import { assertPeopleLocations, auditPerson, peopleInScope, personInScope, rolesOf } from './common.ts';
import { inTransaction } from '../../../core/tx.ts';
import { isStaff, requireViewer } from '../../../core/access.ts';
import { id, idList } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { newPasswordHash } from '../../auth/index.ts';

async function editable(ctx: RequestContext, personId: string) {
  const scope = await userWriteScope(ctx);
  const person = await personInScope(ctx, scope, personId);
  const roles = await rolesOf(ctx, personId);
  await assertMayEditPerson(ctx, roles);
  return { person, roles };
}

async function result(ctx: RequestContext, personId: string, message: string) {
  const [user] = await repo.findPeople(ctx.db, [personId]);
  return { ...notice(message), user };
}

/**
 * Spec §4: a person is active (true) or inactive (false). Deactivation ends their sessions at
 * once: access tokens issued before now are refused and every refresh token is revoked.
 */
export async function updateUserStatus(ctx: RequestContext, raw: unknown) {
  await userWriteScope(ctx);
  const a = parseArgs(z.object({ id, status: z.boolean({ message: 'status must be true or false.' }) }), raw);
  await editable(ctx, a.id);
  if (!a.status && a.id === requireViewer(ctx).id) throw notYourself('deactivate');
  await inTransaction(ctx, async (trx) => {
    await repo.updatePeople(trx, [a.id], { status: a.status, updated_by: requireViewer(ctx).id });
    if (!a.status) await endSessions(trx, [a.id], 'deactivated');
    await auditPerson(ctx, trx, a.status ? 'user.activate' : 'user.deactivate', a.id);
  });
  return result(ctx, a.id, a.status ? 'User activated.' : 'User deactivated; their sessions have ended.');
}

/** Activates a person (and clears a pending approval). */
export async function activateUser(ctx: RequestContext, raw: unknown) {
  await userWriteScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  await editable(ctx, a.id);
  await inTransaction(ctx, async (trx) => {
    await repo.updatePeople(trx, [a.id], { status: true, pending: false, updated_by: requireViewer(ctx).id });
    await auditPerson(ctx, trx, 'user.activate', a.id);
  });
  return result(ctx, a.id, 'User activated.');
}

/** Contact status pending → approved. */
export async function approvePendingUser(ctx: RequestContext, raw: unknown) {
  await userWriteScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const { person } = await editable(ctx, a.id);
  if (!person.pending) return { ...notice('This account is already approved.', true, 'info'), user: person };
  await inTransaction(ctx, async (trx) => {
    await repo.updatePeople(trx, [a.id], { pending: false, updated_by: requireViewer(ctx).id });
    await auditPerson(ctx, trx, 'user.approve', a.id);
  });
  return result(ctx, a.id, 'Account approved; its owner can sign in now.');
}

const passwordArgs = { id, password: z.string(), password_confirmation: z.string() };

/**
 * Staff set another person's password (user, manager, role, admin variants: the person must hold
 * that role). The person's sessions end, so the old password's sessions cannot go on.
 */
export function passwordSetter(requiredRole: 'user' | 'manager' | 'center' | null) {
  return async (ctx: RequestContext, raw: unknown) => {
    await userWriteScope(ctx);
    const a = parseArgs(z.object({ ...passwordArgs, role: z.string().nullish() }), raw);
    const { roles } = await editable(ctx, a.id);
    const needed = requiredRole ?? a.role;
    if (needed && !roles.includes(needed)) throw personNotFound();
    const hash = await newPasswordHash(a.password, a.password_confirmation);
    await inTransaction(ctx, async (trx) => {
      await repo.updatePeople(trx, [a.id], { password_hash: hash, invited: false, updated_by: requireViewer(ctx).id });
      if (a.id !== requireViewer(ctx).id) await endSessions(trx, [a.id], 'password_set_by_staff');
      await auditPerson(ctx, trx, 'user.password_set', a.id, { by_staff: true });
    });
    return notice('Password saved.');
  };
}

/** Moves people to a location (from one location, or from every location of the viewer). */
export async function transferUsers(ctx: RequestContext, raw: unknown) {
  const scope = await userWriteScope(ctx);
  const a = parseArgs(
    z.object({ ids: idList.min(1, 'Choose at least one person.'), location_id: id, from_location_id: id.nullish() }),
    raw,
  );
  const people = await peopleInScope(ctx, scope, a.ids);
  const roles = await repo.roleNamesOf(ctx.db, a.ids);
  for (const p of people) await assertMayEditPerson(ctx, roles.get(String(p.id)) ?? []);
  await assertPeopleLocations(ctx, [a.location_id], 'location_id');
  if (a.from_location_id) await assertPeopleLocations(ctx, [a.from_location_id], 'from_location_id');
  const from = a.from_location_id ? [a.from_location_id] : null;
  await inTransaction(ctx, async (trx) => {
    for (const p of people) {
      const current = await repo.memberLocationIdsOf(trx, p.id);
      const leaving = (from ?? current).filter((l) => l !== a.location_id);
      await repo.removeMemberLocations(trx, [p.id], leaving);
      await auditPerson(ctx, trx, 'user.transfer', p.id, { from: leaving, to: a.location_id }, a.location_id);
    }
    await repo.addMemberLocations(trx, a.ids, a.location_id);
  });
  const users = await repo.findPeople(ctx.db, a.ids);
  return { ...notice(`${users.length} ${users.length === 1 ? 'person' : 'people'} transferred.`), users };
}

// ── contact setting: camera logins ───────────────────────────────────────────

/** Spec "Contact setting": max daily camera logins, with today's raise; the person and staff only. */
export async function getUserSettingData(ctx: RequestContext, raw: unknown) {
  const scope = await userReadScope(ctx);
  const a = parseArgs(z.object({ user_id: id }), raw);
  await personInScope(ctx, scope, a.user_id);
  const v = requireViewer(ctx);
  if (!isStaff(v) && a.user_id !== v.id) throw personNotFound();
  return settingOf(ctx, a.user_id);
}

export async function settingOf(ctx: RequestContext, userId: string) {
  const [s, locationMax] = await Promise.all([repo.findSettings(ctx.db, userId), repo.maxDailyLoginsOf(ctx.db, userId)]);
  return shapeSetting(userId, s, locationMax);
}

export function shapeSetting(userId: string, s: Record<string, unknown> | undefined, locationMax: number | null) {
  const today = new Date().toISOString().slice(0, 10);
  const extra = s && s.extra_on === today ? Number(s.extra_camera_logins ?? 0) : 0;
  const own = (s?.max_daily_camera_logins as number | null | undefined) ?? null;
  const base = own ?? locationMax;
  return {
    user_id: userId,
    max_daily_camera_logins: own,
    location_max_daily_logins: locationMax,
    extra_camera_logins_today: extra,
    daily_camera_login_limit: base === null ? null : base + extra,
    directory_visible: Boolean(s?.directory_visible),
    directory_show_email: Boolean(s?.directory_show_email),
    directory_show_phone: Boolean(s?.directory_show_phone),
    directory_show_children: Boolean(s?.directory_show_children),
  };
}

/** Sets a contact's own daily camera login limit (null: the location's limit applies). */
export async function updateUserCameraLogins(ctx: RequestContext, raw: unknown) {
  await userWriteScope(ctx);
  const a = parseArgs(
    z.object({
      user_id: id,
      max_daily_camera_logins: z
        .number()
        .int()
        .min(0, 'The limit cannot be negative.')
        .max(1000, 'The limit is too large.')
        .nullish()
        .transform((v) => v ?? null),
    }),
    raw,
  );
  await editable(ctx, a.user_id);
  await inTransaction(ctx, async (trx) => {
    await repo.upsertSettings(trx, a.user_id, { max_daily_camera_logins: a.max_daily_camera_logins, updated_by: requireViewer(ctx).id });
    await auditPerson(ctx, trx, 'user.camera_logins', a.user_id, { max_daily_camera_logins: a.max_daily_camera_logins });
  });
  return { ...notice('Camera login limit saved.'), setting: await settingOf(ctx, a.user_id) };
}

/** "Raise today's limit": extra camera logins for today only (added to any raise already given today). */
export async function raiseTodayCameraLimit(ctx: RequestContext, raw: unknown) {
  await userWriteScope(ctx);
  const a = parseArgs(
    z.object({ user_id: id, extra: z.number().int().min(1, 'Raise by at least 1.').max(100, 'Raise by at most 100.').nullish() }),
    raw,
  );
  await editable(ctx, a.user_id);
  const today = new Date().toISOString().slice(0, 10);
  const current = await repo.findSettings(ctx.db, a.user_id);
  const extra = (current?.extra_on === today ? Number(current.extra_camera_logins ?? 0) : 0) + (a.extra ?? 1);
  await inTransaction(ctx, async (trx) => {
    await repo.upsertSettings(trx, a.user_id, {
      extra_camera_logins: extra,
      extra_camera_logins_on: today,
      updated_by: requireViewer(ctx).id,
    });
    await auditPerson(ctx, trx, 'user.camera_logins_raise', a.user_id, { extra, date: today });
  });
  return { ...notice(`Today's limit raised by ${a.extra ?? 1}.`), setting: await settingOf(ctx, a.user_id) };
}

/** Registers this device's push token for the signed-in person (spec: failures are logged or ignored). */
export async function saveFcmToken(ctx: RequestContext, raw: unknown) {
  const v = requireViewer(ctx);
  if (v.support) throw forbidden('Push tokens are not saved in a support session.');
  const a = parseArgs(
    z.object({
      token: z.string().trim().min(10, 'Not a push token.').max(500, 'Not a push token.'),
      device: z.string().trim().max(100).nullish(),
    }),
    raw,
  );
  await inTransaction(ctx, async (trx) => {
    await repo.savePushToken(trx, v.id, a.token, a.device ?? null);
    await auditPerson(ctx, trx, 'user.push_token', v.id, { device: a.device ?? null });
  });
  return notice('Push token saved.');
}
