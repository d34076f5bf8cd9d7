import { z } from 'zod';
import { badInput, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { assertLocations, reaches, scopeFilter, type LocationScope } from '../../../core/access.ts';
import { audit, diff } from '../../../core/audit.ts';
import { hexColour, id, idList } from '../../../core/args.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction, mapUniqueViolations } from '../../../core/tx.ts';
import { billingScope } from '../policy.ts';
import * as repo from '../repo/setup.ts';
import { studentsFacts } from '../repo/people.ts';
import {
  billingProgramNotFound,
  categoryNotFound,
  nameTaken,
  presetNotFound,
  studentNotFound,
  templateNotFound,
  variableChargeNotFound,
  wrongLocation,
} from '../errors.ts';
import { cents, label, localDate, localTime, period, weekdays } from '../fields.ts';

/** A row of the scope, or its NOT_FOUND (existence outside the scope is never confirmed). */
function inScope<T extends { location_id: string }>(scope: LocationScope, row: T | undefined, missing: () => Error): T {
  if (!row || !reaches(scope, row.location_id)) throw missing();
  return row;
}

/** Rooms must be rooms of the location. */
async function checkRooms(ctx: RequestContext, locationId: string, rooms: string[] | null | undefined, field: string) {
  if (!rooms?.length) return [];
  const unique = [...new Set(rooms)];
  const found = await repo.roomsAt(ctx.db, locationId, unique);
  if (found.length !== unique.length) throw badInput(field, 'Choose rooms of the same location.');
  return unique;
}

async function checkCategory(ctx: RequestContext, locationId: string, categoryId: string | null | undefined) {
  if (!categoryId) return null;
  const c = await repo.findCategory(ctx.db, categoryId);
  if (!c || String(c.location_id) !== String(locationId)) throw wrongLocation('category_id', 'category');
  if (c.archived) throw badInput('category_id', 'This category is archived.');
  return categoryId;
}

// ── billing programs ─────────────────────────────────────────────────────────

const programFields = {
  color: hexColour.nullish(),
  start_date: localDate.nullish(),
  end_date: localDate.nullish(),
  rooms: idList.nullish(),
};

function checkDates(a: { start_date?: string | null; end_date?: string | null }) {
  if (a.start_date && a.end_date && a.end_date < a.start_date) throw badInput('end_date', 'The end date is before the start date.');
}

export async function getBillingPrograms(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id.nullish() }), raw);
  if (args.location_id) await assertLocations(ctx, scope, [args.location_id]);
  return repo.billingPrograms(ctx.db, args.location_id ? [args.location_id] : scopeFilter(scope));
}

const programTaken = { billing_programs_name_unique: () => nameTaken('billing program') };

export async function createBillingProgram(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ name: label('Name'), location_id: id, ...programFields }), raw);
  checkDates(args);
  await assertLocations(ctx, scope, [args.location_id]);
  const rooms = await checkRooms(ctx, args.location_id, args.rooms, 'rooms');
  const programId = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const pid = await repo.insertBillingProgram(trx, {
        location_id: args.location_id,
        name: args.name,
        color: args.color ?? null,
        start_date: args.start_date ?? null,
        end_date: args.end_date ?? null,
      });
      await repo.setProgramRooms(trx, pid, rooms);
      await audit(ctx, trx, {
        action: 'billing_program.create',
        entity: 'billing_program',
        entity_id: pid,
        location_id: args.location_id,
        data: { name: args.name, rooms },
      });
      return pid;
    }),
    programTaken,
  );
  return { ...notice('Billing program added.'), billing_program: await repo.findBillingProgram(ctx.db, programId) };
}

export async function updateBillingProgram(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id, name: label('Name').nullish(), ...programFields }), raw);
  const before = inScope(scope, await repo.findBillingProgram(ctx.db, args.id), billingProgramNotFound);
  const merged = {
    start_date: args.start_date !== undefined ? args.start_date : before.start_date,
    end_date: args.end_date !== undefined ? args.end_date : before.end_date,
  };
  checkDates(merged);
  const rooms = args.rooms ? await checkRooms(ctx, before.location_id, args.rooms, 'rooms') : null;
  const patch: Record<string, unknown> = {};
  if (args.name) patch.name = args.name;
  if (args.color !== undefined) patch.color = args.color;
  if (args.start_date !== undefined) patch.start_date = args.start_date;
  if (args.end_date !== undefined) patch.end_date = args.end_date;
  await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      await repo.updateBillingProgram(trx, args.id, patch);
      if (rooms) await repo.setProgramRooms(trx, args.id, rooms);
      await audit(ctx, trx, {
        action: 'billing_program.update',
        entity: 'billing_program',
        entity_id: args.id,
        location_id: before.location_id,
        data: { changes: diff(before, { ...patch, ...(rooms ? { rooms } : {}) }, ['name', 'color', 'start_date', 'end_date', 'rooms']) },
      });
    }),
    programTaken,
  );
  return { ...notice('Billing program saved.'), billing_program: await repo.findBillingProgram(ctx.db, args.id) };
}

export async function deleteBillingProgram(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const before = inScope(scope, await repo.findBillingProgram(ctx.db, args.id), billingProgramNotFound);
  await inTransaction(ctx, async (trx) => {
    await repo.deleteBillingProgram(trx, args.id);
    await audit(ctx, trx, {
      action: 'billing_program.delete',
      entity: 'billing_program',
      entity_id: args.id,
      location_id: before.location_id,
      data: { name: before.name },
    });
  });
  return { ...notice('Billing program deleted.'), id: args.id };
}

export async function setStudentBillingProgram(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ student_ids: idList.min(1, 'Choose at least one child.'), billing_program_id: id.nullish() }), raw);
  const ids = [...new Set(args.student_ids)];
  const students = await studentsFacts(ctx.db, ids);
  if (students.length !== ids.length || students.some((s) => !reaches(scope, s.location_id))) throw studentNotFound();
  let program: repo.BillingProgramRow | undefined;
  if (args.billing_program_id) {
    program = inScope(scope, await repo.findBillingProgram(ctx.db, args.billing_program_id), billingProgramNotFound);
    if (students.some((s) => String(s.location_id) !== String(program!.location_id)))
      throw badInput('student_ids', 'Every child must be at the billing program’s location.');
  }
  await inTransaction(ctx, async (trx) => {
    await repo.setStudentsProgram(trx, ids, args.billing_program_id ?? null);
    for (const s of students)
      await audit(ctx, trx, {
        action: 'student.billing_program',
        entity: 'student',
        entity_id: s.id,
        location_id: s.location_id,
        data: { billing_program_id: args.billing_program_id ?? null },
      });
  });
  return {
    ...notice(program ? `Billing program set for ${ids.length} children.` : 'Billing program removed.'),
    id: args.billing_program_id ?? null,
  };
}

// ── charge categories ────────────────────────────────────────────────────────

const categoryTaken = { charge_categories_name_unique: () => nameTaken('charge category') };

export async function getChargeCategories(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id, archived: z.boolean().nullish() }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return repo.categories(ctx.db, args.location_id, args.archived ?? null);
}

export async function createChargeCategory(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id, name: label('Name', 120) }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const category = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const row = await repo.insertCategory(trx, { location_id: args.location_id, name: args.name });
      await audit(ctx, trx, {
        action: 'charge_category.create',
        entity: 'charge_category',
        entity_id: row.id,
        location_id: args.location_id,
        data: { name: args.name },
      });
      return row;
    }),
    categoryTaken,
  );
  return { ...notice('Category added.'), category };
}

export async function updateChargeCategory(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id, name: label('Name', 120).nullish(), archived: z.boolean().nullish() }), raw);
  const before = inScope(scope, await repo.findCategory(ctx.db, args.id), categoryNotFound);
  const patch: Record<string, unknown> = {};
  if (args.name) patch.name = args.name;
  if (args.archived !== undefined && args.archived !== null) patch.archived = args.archived;
  const category = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const row = await repo.updateCategory(trx, args.id, patch);
      await audit(ctx, trx, {
        action: 'charge_category.update',
        entity: 'charge_category',
        entity_id: args.id,
        location_id: before.location_id,
        data: { changes: diff(before, patch, ['name', 'archived']) },
      });
      return row;
    }),
    categoryTaken,
  );
  return { ...notice('Category saved.'), category };
}

/** Deletes a category nobody uses; one in use (items keep their category) is archived instead. */
export async function deleteChargeCategory(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const before = inScope(scope, await repo.findCategory(ctx.db, args.id), categoryNotFound);
  const archived = await inTransaction(ctx, async (trx) => {
    const used = await repo.categoryInUse(trx, args.id);
    if (used) await repo.updateCategory(trx, args.id, { archived: true });
    else await repo.deleteCategory(trx, args.id);
    await audit(ctx, trx, {
      action: used ? 'charge_category.archive' : 'charge_category.delete',
      entity: 'charge_category',
      entity_id: args.id,
      location_id: before.location_id,
      data: { name: before.name },
    });
    return used;
  });
  return { ...notice(archived ? 'The category is in use: it was archived.' : 'Category deleted.'), id: args.id };
}

// ── presets ──────────────────────────────────────────────────────────────────

export async function getBillingPresets(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return repo.presets(ctx.db, args.location_id);
}

const presetFields = { detail: z.string().trim().max(500, 'A detail has at most 500 characters.').nullish(), category_id: id.nullish() };

export async function createBillingPreset(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id, name: label('Name'), amount: cents('Amount'), ...presetFields }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  const category_id = await checkCategory(ctx, args.location_id, args.category_id);
  const preset = await inTransaction(ctx, async (trx) => {
    const row = await repo.insertPreset(trx, {
      location_id: args.location_id,
      name: args.name,
      amount: args.amount,
      detail: args.detail || null,
      category_id,
    });
    await audit(ctx, trx, {
      action: 'billing_preset.create',
      entity: 'billing_preset',
      entity_id: row.id,
      location_id: args.location_id,
      data: { name: row.name, amount: args.amount },
    });
    return row;
  });
  return { ...notice('Preset added.'), preset };
}

export async function updateBillingPreset(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id, name: label('Name').nullish(), amount: cents('Amount').nullish(), ...presetFields }), raw);
  const before = inScope(scope, await repo.findPreset(ctx.db, args.id), presetNotFound);
  const patch: Record<string, unknown> = {};
  if (args.name) patch.name = args.name;
  if (args.amount !== undefined && args.amount !== null) patch.amount = args.amount;
  if (args.detail !== undefined) patch.detail = args.detail || null;
  if (args.category_id !== undefined) patch.category_id = await checkCategory(ctx, before.location_id, args.category_id);
  const preset = await inTransaction(ctx, async (trx) => {
    const row = await repo.updatePreset(trx, args.id, patch);
    await audit(ctx, trx, {
      action: 'billing_preset.update',
      entity: 'billing_preset',
      entity_id: args.id,
      location_id: before.location_id,
      data: { changes: diff(before, patch, ['name', 'amount', 'detail', 'category_id']) },
    });
    return row;
  });
  return { ...notice('Preset saved.'), preset };
}

export async function deleteBillingPreset(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const before = inScope(scope, await repo.findPreset(ctx.db, args.id), presetNotFound);
  await inTransaction(ctx, async (trx) => {
    await repo.deletePreset(trx, args.id);
    await audit(ctx, trx, {
      action: 'billing_preset.delete',
      entity: 'billing_preset',
      entity_id: args.id,
      location_id: before.location_id,
      data: { name: before.name },
    });
  });
  return { ...notice('Preset deleted.'), id: args.id };
}

// ── variable charges ─────────────────────────────────────────────────────────

const vcFields = {
  max_amount: cents('Maximum amount').nullish(),
  start_time: localTime.nullish(),
  end_time: localTime.nullish(),
  days: weekdays.nullish(),
  programs: idList.nullish(),
  category_id: id.nullish(),
};
const interval = z
  .number()
  .int('The interval is whole minutes.')
  .min(1, 'The interval is at least 1 minute.')
  .max(1440, 'The interval is at most a day.');

function checkWindow(a: { start_time?: string | null; end_time?: string | null }) {
  if (!a.start_time && !a.end_time) throw badInput('end_time', 'Set the end time (late pickup) or the start time (early drop-off).');
}

export async function getVariableCharges(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return repo.variableCharges(ctx.db, args.location_id);
}

export async function createVariableCharge(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({ location_id: id, details: label('Details', 300), amount: cents('Amount'), interval, ...vcFields }),
    raw,
  );
  checkWindow(args);
  await assertLocations(ctx, scope, [args.location_id]);
  const rooms = await checkRooms(ctx, args.location_id, args.programs, 'programs');
  const category_id = await checkCategory(ctx, args.location_id, args.category_id);
  const vcId = await inTransaction(ctx, async (trx) => {
    const vid = await repo.insertVariableCharge(trx, {
      location_id: args.location_id,
      details: args.details,
      amount: args.amount,
      max_amount: args.max_amount ?? null,
      interval: args.interval,
      start_time: args.start_time ?? null,
      end_time: args.end_time ?? null,
      days: args.days ?? [],
      category_id,
    });
    await repo.setVariableChargePrograms(trx, vid, rooms);
    await audit(ctx, trx, {
      action: 'variable_charge.create',
      entity: 'variable_charge',
      entity_id: vid,
      location_id: args.location_id,
      data: { details: args.details, amount: args.amount },
    });
    return vid;
  });
  return { ...notice('Variable charge added.'), variable_charge: await repo.findVariableCharge(ctx.db, vcId) };
}

export async function updateVariableCharge(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({
      id,
      details: label('Details', 300).nullish(),
      amount: cents('Amount').nullish(),
      interval: interval.nullish(),
      ...vcFields,
    }),
    raw,
  );
  const before = inScope(scope, await repo.findVariableCharge(ctx.db, args.id), variableChargeNotFound);
  const patch: Record<string, unknown> = {};
  for (const k of ['details', 'amount', 'interval', 'days'] as const) if (args[k] !== undefined && args[k] !== null) patch[k] = args[k];
  for (const k of ['max_amount', 'start_time', 'end_time'] as const) if (args[k] !== undefined) patch[k] = args[k];
  checkWindow({
    start_time: 'start_time' in patch ? (patch.start_time as string | null) : before.start_time,
    end_time: 'end_time' in patch ? (patch.end_time as string | null) : before.end_time,
  });
  if (args.category_id !== undefined) patch.category_id = await checkCategory(ctx, before.location_id, args.category_id);
  const rooms = args.programs ? await checkRooms(ctx, before.location_id, args.programs, 'programs') : null;
  await inTransaction(ctx, async (trx) => {
    await repo.updateVariableCharge(trx, args.id, patch);
    if (rooms) await repo.setVariableChargePrograms(trx, args.id, rooms);
    await audit(ctx, trx, {
      action: 'variable_charge.update',
      entity: 'variable_charge',
      entity_id: args.id,
      location_id: before.location_id,
      data: {
        changes: diff(before, patch, ['details', 'amount', 'max_amount', 'interval', 'start_time', 'end_time', 'days', 'category_id']),
      },
    });
  });
  return { ...notice('Variable charge saved.'), variable_charge: await repo.findVariableCharge(ctx.db, args.id) };
}

export async function deleteVariableCharge(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const before = inScope(scope, await repo.findVariableCharge(ctx.db, args.id), variableChargeNotFound);
  await inTransaction(ctx, async (trx) => {
    await repo.deleteVariableCharge(trx, args.id);
    await audit(ctx, trx, {
      action: 'variable_charge.delete',
      entity: 'variable_charge',
      entity_id: args.id,
      location_id: before.location_id,
      data: { details: before.details },
    });
  });
  return { ...notice('Variable charge deleted.'), id: args.id };
}

// ── plan templates ───────────────────────────────────────────────────────────

export async function getPlanTemplates(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ location_id: id }), raw);
  await assertLocations(ctx, scope, [args.location_id]);
  return repo.templates(ctx.db, args.location_id);
}

export async function savePlanTemplate(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(
    z.object({
      id: id.nullish(),
      location_id: id.nullish(),
      name: label('Name'),
      amount: cents('Amount'),
      period,
      days: weekdays.nullish(),
      date: localDate.nullish(),
      invoice_without_payer: z.boolean().nullish(),
      invoice_with_payer: z.boolean().nullish(),
    }),
    raw,
  );
  const before = args.id ? inScope(scope, await repo.findTemplate(ctx.db, args.id), templateNotFound) : undefined;
  const locationId = before ? String(before.location_id) : args.location_id;
  if (!locationId) throw badInput('location_id', 'Choose the location of the template.');
  if (before && args.location_id && String(args.location_id) !== locationId)
    throw badInput('location_id', 'A template cannot move to another location.');
  await assertLocations(ctx, scope, [locationId]);
  const row: Record<string, unknown> = { name: args.name, amount: args.amount, period: args.period };
  if (args.days) row.days = args.days;
  if (args.date !== undefined) row.date = args.date;
  if (args.invoice_without_payer != null) row.invoice_without_payer = args.invoice_without_payer;
  if (args.invoice_with_payer != null) row.invoice_with_payer = args.invoice_with_payer;
  const templateId = await inTransaction(ctx, async (trx) => {
    const tid = before ? before.id : await repo.insertTemplate(trx, { ...row, location_id: locationId });
    if (before) await repo.updateTemplate(trx, before.id, row);
    await audit(ctx, trx, {
      action: before ? 'plan_template.update' : 'plan_template.create',
      entity: 'plan_template',
      entity_id: tid,
      location_id: locationId,
      data: before
        ? { changes: diff(before, row, ['name', 'amount', 'period', 'days', 'date']) }
        : { name: args.name, amount: args.amount },
    });
    return tid;
  });
  return { ...notice(before ? 'Plan template saved.' : 'Plan template added.'), template: await repo.findTemplate(ctx.db, templateId) };
}

export async function deletePlanTemplate(ctx: RequestContext, raw: unknown) {
  const scope = await billingScope(ctx);
  const args = parseArgs(z.object({ id }), raw);
  const before = inScope(scope, await repo.findTemplate(ctx.db, args.id), templateNotFound);
  await inTransaction(ctx, async (trx) => {
    await repo.deleteTemplate(trx, args.id);
    await audit(ctx, trx, {
      action: 'plan_template.delete',
      entity: 'plan_template',
      entity_id: args.id,
      location_id: before.location_id,
      data: { name: before.name },
    });
  });
  return { ...notice('Plan template deleted.'), id: args.id };
}

export { inScope };
