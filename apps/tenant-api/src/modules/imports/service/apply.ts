import { z } from 'zod';
import type { Knex } from 'knex';
import { AppError, parseArgs } from '@kv/server';
import { writeOutbox } from '@kv/jobs';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { assertImportStaff } from '../policy.ts';
import { importInvalid, wrongState } from '../errors.ts';
import { readDate, readStatus, type ImportKind } from '../csv.ts';
import { flatErrors, importInScope, importResult, mapRowsOf, splitList, validateRows } from './stage.ts';
import { inTransaction } from '../../../core/tx.ts';
import { id } from '../../../core/args.ts';
import { audit } from '../../../core/audit.ts';
import { assertCapacity, auditStudent, insertStudent, upsertPivots } from '../../students/index.ts';
import {
  addMemberLocations,
  insertPerson,
  setManagedLocations,
  setMemberLocations,
  setRoles,
  setTeacherPrograms,
  auditPerson,
  sendInvitation,
} from '../../users/index.ts';
import { freeUsername } from '../../families/index.ts';

/** Imports up to this many rows run in the request; longer ones run as a job (progress in getImport). */
export const INLINE_MAX_ROWS = 200;
export const IMPORTS_QUEUE = 'imports';
export const RUN_IMPORT_JOB = 'run-import';
const PROGRESS_EVERY = 25;

/**
 * Saves a checked import, all or nothing. The rows are checked again first (the centre may have
 * changed since the upload): any rejected row → nothing is saved and every reason is reported.
 */
export async function confirmImport(ctx: RequestContext, raw: unknown) {
  assertImportStaff(ctx);
  const a = parseArgs(z.object({ import_id: id, send_invites: z.boolean().nullish() }), raw);
  const row = await importInScope(ctx, a.import_id);
  if (row.status === 'invalid') throw importInvalid(new Set(row.errors.map((e) => e.line)).size);
  if (row.status !== 'checked') throw wrongState(row.status);
  const rows = await validateRows(ctx, row.kind as ImportKind, row.location_id, mapRowsOf(row));
  const errors = flatErrors(rows);
  if (errors.length) {
    await repo.updateImport(ctx.db, row.id, { rows, errors, status: 'invalid' });
    return importResult(ctx, row.id, `${new Set(errors.map((e) => e.line)).size} rows have errors now. Nothing was saved.`, false);
  }
  const options = { send_invites: Boolean(a.send_invites) };
  if (rows.length > INLINE_MAX_ROWS) {
    if (!(await repo.claimImport(ctx.db, row.id, ['checked'], 'queued'))) throw wrongState('running');
    await inTransaction(ctx, async (trx) => {
      await repo.updateImport(trx, row.id, { result: options });
      await writeOutbox(trx, {
        queue: IMPORTS_QUEUE,
        name: RUN_IMPORT_JOB,
        payload: { centreId: ctx.tenant.id, importId: row.id },
        dedupeKey: `import:${ctx.tenant.id}:${row.id}`,
      });
    });
    return importResult(ctx, row.id, `${rows.length} rows are being imported. Follow the progress here.`);
  }
  if (!(await repo.claimImport(ctx.db, row.id, ['checked'], 'running'))) throw wrongState('running');
  await repo.updateImport(ctx.db, row.id, { result: options });
  const done = await runImport(ctx, row.id);
  return importResult(ctx, row.id, done.ok ? done.message : `The import failed: ${done.message} Nothing was saved.`, done.ok);
}

/**
 * Applies a claimed import in one transaction. Progress is written outside the transaction (so a
 * reader sees it while the import runs); a failure rolls everything back and is recorded.
 */
export async function runImport(ctx: RequestContext, importId: string): Promise<{ ok: boolean; message: string }> {
  const row = (await repo.findImport(ctx.db, importId))!;
  const staged = row.rows;
  const options = row.result as { send_invites?: boolean };
  try {
    const totals = await inTransaction(ctx, async (trx) => {
      const progress = (n: number) => (n % PROGRESS_EVERY === 0 ? repo.setProgress(ctx.db, importId, n) : Promise.resolve());
      const t =
        row.kind === 'students'
          ? await applyStudents(ctx, trx, row, staged, Boolean(options.send_invites), progress)
          : await applyPeople(ctx, trx, row, staged, Boolean(options.send_invites), progress);
      await audit(ctx, trx, {
        action: 'import.run',
        entity: 'import',
        entity_id: importId,
        location_id: row.location_id,
        data: { kind: row.kind, source: row.source, rows: staged.length, ...t },
      });
      await repo.updateImport(trx, importId, { status: 'done', processed: staged.length, result: t, finished_at: new Date() });
      return t;
    });
    const what =
      row.kind === 'students'
        ? `${totals.students} students and ${totals.contacts} new contacts`
        : `${totals.staff + totals.contacts} people`;
    return { ok: true, message: `Imported ${what}.` };
  } catch (e) {
    const message = e instanceof AppError ? e.message : 'An unexpected error stopped the import.';
    await repo.updateImport(ctx.db, importId, { status: 'failed', failure: message, finished_at: new Date() });
    if (!(e instanceof AppError)) throw e;
    return { ok: false, message };
  }
}

type Progress = (n: number) => Promise<void>;

async function applyStudents(
  ctx: RequestContext,
  trx: Knex.Transaction,
  row: repo.ImportRow,
  staged: repo.StagedRow[],
  invite: boolean,
  progress: Progress,
) {
  const rooms = await repo.roomsByName(trx, row.location_id);
  const byEmail = await repo.peopleByEmails(trx, staged.map((r) => r.values.parent_email ?? '').filter(Boolean));
  const viewer = ctx.viewer!;
  const active = staged.filter((r) => {
    const s = r.values.status ? readStatus(r.values.status) : { status: true, type: null };
    const type = (r.values.type || s?.type || '').toLowerCase();
    return s?.status !== false && !['lead', 'waitlist'].includes(type);
  }).length;
  await assertCapacity(trx, row.location_id, active);
  const totals = { students: 0, contacts: 0, linked_contacts: 0, staff: 0 };
  const existing = new Set(byEmail.values());
  const linked = new Set<string>();
  for (const [i, { values: v }] of staged.entries()) {
    const st = v.status ? readStatus(v.status)! : { status: true, type: null };
    const student = await insertStudent(trx, {
      fname: v.fname,
      lname: v.lname,
      middle_name: v.middle_name || null,
      nick_name: v.nick_name || null,
      gender: v.gender || null,
      dob: v.dob ? readDate(v.dob) : null,
      enrollment_date: v.enrollment_date ? readDate(v.enrollment_date) : null,
      external_id: v.external_id || null,
      status: st.status,
      type: v.type ? v.type.toLowerCase() : st.type,
      location_id: row.location_id,
      program_id: rooms.get(v.program!.toLowerCase()),
      created_by: viewer.id,
      updated_by: viewer.id,
    });
    totals.students++;
    const email = (v.parent_email ?? '').toLowerCase();
    if (email) {
      let userId = byEmail.get(email);
      if (userId) {
        if (existing.has(userId) && !linked.has(userId)) totals.linked_contacts++;
        linked.add(userId);
      } else {
        userId = await insertPerson(trx, {
          fname: v.parent_fname,
          lname: v.parent_lname,
          username: await freeUsername(trx, email.split('@')[0]!),
          email,
          phone: v.parent_phone || null,
          invited: invite,
          status: true,
          email_confirmed: false,
          created_by: viewer.id,
          updated_by: viewer.id,
        });
        await setRoles(trx, userId, ['user']);
        byEmail.set(email, userId);
        totals.contacts++;
        await auditPerson(ctx, trx, 'user.create', userId, { kind: 'contact', import_id: row.id }, row.location_id);
        if (invite)
          await sendInvitation(ctx, trx, { id: userId, fname: v.parent_fname!, email, phone: v.parent_phone }, { email: true, sms: false });
      }
      await addMemberLocations(trx, [userId], row.location_id);
      await upsertPivots(trx, [{ student_id: student.id, user_id: userId, relation: v.relation || null }]);
    }
    await auditStudent(ctx, trx, 'student.create', student.id, row.location_id, { import_id: row.id, line: staged[i]!.line });
    await progress(i + 1);
  }
  return totals;
}

async function applyPeople(
  ctx: RequestContext,
  trx: Knex.Transaction,
  row: repo.ImportRow,
  staged: repo.StagedRow[],
  invite: boolean,
  progress: Progress,
) {
  const rooms = await repo.roomsByName(trx, row.location_id);
  const viewer = ctx.viewer!;
  const totals = { students: 0, contacts: 0, linked_contacts: 0, staff: 0 };
  for (const [i, { values: v }] of staged.entries()) {
    const email = v.email!.toLowerCase();
    const role = row.kind === 'staff' ? (v.role || 'teacher').toLowerCase() : 'user';
    const userId = await insertPerson(trx, {
      fname: v.fname,
      lname: v.lname,
      username: v.username || (await freeUsername(trx, email.split('@')[0]!)),
      email,
      phone: v.phone || null,
      job_title: v.job_title || null,
      invited: invite,
      status: true,
      email_confirmed: false,
      created_by: viewer.id,
      updated_by: viewer.id,
    });
    await setRoles(trx, userId, [role]);
    await setMemberLocations(trx, userId, [row.location_id], null);
    if (role === 'manager') await setManagedLocations(trx, userId, [row.location_id], null);
    const programs = splitList(v.programs ?? '')
      .map((p) => rooms.get(p.toLowerCase())!)
      .filter(Boolean);
    if (programs.length) await setTeacherPrograms(trx, userId, [...new Set(programs)]);
    if (invite) await sendInvitation(ctx, trx, { id: userId, fname: v.fname!, email, phone: v.phone }, { email: true, sms: false });
    await auditPerson(ctx, trx, 'user.create', userId, { kind: row.kind, role, import_id: row.id, line: staged[i]!.line }, row.location_id);
    if (row.kind === 'staff') totals.staff++;
    else totals.contacts++;
    await progress(i + 1);
  }
  return totals;
}
