import type { Knex } from 'knex';
import { z } from 'zod';
import { fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../types.ts';
import * as repo from './repo.ts';
import { assertMayReadLists } from './policy.ts';
import { labelNameTaken, labelNotFound, nounOf, relationshipNameTaken, relationshipNotFound } from './errors.ts';
import { LABELS, type LabelKind } from './repo.ts';
import { inTransaction, lockFor, mapUniqueViolations } from '../../core/tx.ts';
import { audit } from '../../core/audit.ts';
import { id, idList, optionalText, pageArgs, paginated } from '../../core/args.ts';
import { notice } from '../../core/result.ts';
import { studentManageScope } from '../../core/access.ts';
import {
  studentEditor,
  assertLabels,
  assertParentMayEdit,
  auditStudent,
  studentInScope,
  studentsInScope,
  contactNotFound,
} from '../students/index.ts';
import { findPeople, roleNamesOf, areaOf, userManageScope, userScopeOf } from '../users/index.ts';

const name = fields.name('Name');
const search = z.string().trim().max(100, 'Search at most 100 characters.').nullish();
/** The argument that carries the ids of each kind (tags, allergies, medications). */
export const LIST_ARG: Record<LabelKind, 'tags' | 'allergies' | 'medications'> = {
  tag: 'tags',
  allergy: 'allergies',
  medication: 'medications',
};

/** A label name's unique index (case-insensitive), mapped to the error the check before it gives. */
const nameIndexOf = (kind: LabelKind) => ({ [`${LABELS[kind].table}_name_unique`]: () => labelNameTaken(kind) });
const relationshipIndexes = { relationships_name_unique: relationshipNameTaken };

export async function listLabels(ctx: RequestContext, kind: LabelKind, raw: unknown) {
  await assertMayReadLists(ctx, kind !== 'tag');
  const a = parseArgs(z.object({ search, ...pageArgs }), raw);
  const { rows, total } = await repo.pageLabels(ctx.db, kind, a.search, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

export async function addLabel(ctx: RequestContext, kind: LabelKind, raw: unknown) {
  const a = parseArgs(z.object({ name }), raw);
  if (await repo.labelNameTaken(ctx.db, kind, a.name)) throw labelNameTaken(kind);
  const row = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const [r] = await repo.insertLabels(trx, kind, [a.name]);
      await audit(ctx, trx, { action: `${kind}.create`, entity: kind, entity_id: String(r!.id), data: { name: a.name } });
      return r!;
    }),
    nameIndexOf(kind),
  );
  return { ...notice(`${nounOf(kind)} added.`), item: row };
}

export async function updateLabel(ctx: RequestContext, kind: LabelKind, raw: unknown) {
  const a = parseArgs(z.object({ id, name }), raw);
  const [before] = await repo.findLabels(ctx.db, kind, [a.id]);
  if (!before) throw labelNotFound(kind);
  if (await repo.labelNameTaken(ctx.db, kind, a.name, a.id)) throw labelNameTaken(kind);
  const row = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      const r = await repo.renameLabel(trx, kind, a.id, a.name);
      await audit(ctx, trx, {
        action: `${kind}.update`,
        entity: kind,
        entity_id: a.id,
        data: { changes: { name: [before.name, a.name] } },
      });
      return r;
    }),
    nameIndexOf(kind),
  );
  return { ...notice(`${nounOf(kind)} saved.`), item: row };
}

/** Spec §5: a delete needs the id. Students and people lose the label with it. */
export async function deleteLabel(ctx: RequestContext, kind: LabelKind, raw: unknown) {
  const a = parseArgs(z.object({ id }), raw);
  const [before] = await repo.findLabels(ctx.db, kind, [a.id]);
  if (!before) throw labelNotFound(kind);
  await inTransaction(ctx, async (trx) => {
    await repo.deleteLabel(trx, kind, a.id);
    await audit(ctx, trx, { action: `${kind}.delete`, entity: kind, entity_id: a.id, data: { name: before.name } });
  });
  return { ...notice(`${nounOf(kind)} deleted.`), id: a.id };
}

/** Creates the names that do not exist yet (case-insensitive) and returns all of them. */
export async function autoCreateLabels(ctx: RequestContext, kind: LabelKind, raw: unknown) {
  const a = parseArgs(z.object({ names: z.array(name).min(1, 'Give at least one name.').max(100, 'At most 100 names.') }), raw);
  const unique = [...new Map(a.names.toReversed().map((n) => [n.toLowerCase(), n])).values()].reverse();
  const items = await inTransaction(ctx, async (trx) => {
    // Two requests creating the same new name at once: the second waits and then finds it.
    await lockFor(trx, `${LABELS[kind].table}.names`);
    const existing = await repo.labelsByNames(trx, kind, unique);
    const have = new Set(existing.map((e) => e.name.toLowerCase()));
    const created = await repo.insertLabels(
      trx,
      kind,
      unique.filter((n) => !have.has(n.toLowerCase())),
    );
    for (const c of created)
      await audit(ctx, trx, { action: `${kind}.create`, entity: kind, entity_id: String(c.id), data: { name: c.name, auto: true } });
    return [...existing, ...created].sort((x, y) => x.name.localeCompare(y.name));
  });
  return { ...notice(`${items.length} ${nounOf(kind).toLowerCase()}${items.length === 1 ? '' : 's'} ready.`), items };
}

/**
 * Replaces a student's tags, allergies or medications. Staff within their scope; parents their
 * own child's allergies and medications when the centre lets them edit those fields.
 */
export async function assignLabelsToStudent(ctx: RequestContext, kind: LabelKind, raw: unknown) {
  const editor = await studentEditor(ctx);
  const arg = LIST_ARG[kind];
  const a = parseArgs(z.object({ student_id: id, [arg]: idList }), raw) as { student_id: string } & Record<string, string[]>;
  const s = await studentInScope(ctx, editor.scope, a.student_id);
  if (editor.parent) await assertParentMayEdit(ctx, s.location_id, [arg]);
  const ids = [...new Set(a[arg]!)];
  await assertLabels(ctx, kind, ids, arg);
  await inTransaction(ctx, async (trx) => {
    await repo.setLabelsOf(trx, kind, 'student', a.student_id, ids);
    await auditStudent(ctx, trx, `student.${arg}`, a.student_id, s.location_id, { [arg]: ids, by_parent: editor.parent });
  });
  const [student] = await studentsInScope(ctx, editor.scope, [a.student_id]);
  return { ...notice(`${nounOf(kind)} list saved.`), student: { ...student, __scoped: true }, duplicates: [] };
}

/** Replaces a person's tags, allergies or medications (people scope, `users.edit` or `team.edit`). */
export async function assignLabelsToUser(ctx: RequestContext, kind: LabelKind, raw: unknown) {
  const scope = await userScopeOf(ctx);
  const arg = LIST_ARG[kind];
  const a = parseArgs(z.object({ user_id: id, [arg]: idList }), raw) as { user_id: string } & Record<string, string[]>;
  const [person] = await findPeople(ctx.db, [a.user_id], { scope });
  if (!person) throw contactNotFound();
  await userManageScope(ctx, areaOf((await roleNamesOf(ctx.db, [a.user_id])).get(a.user_id) ?? []));
  const ids = [...new Set(a[arg]!)];
  await assertLabels(ctx, kind, ids, arg);
  await inTransaction(ctx, async (trx) => {
    await repo.setLabelsOf(trx, kind, 'user', a.user_id, ids);
    await audit(ctx, trx, { action: `user.${arg}`, entity: 'user', entity_id: a.user_id, data: { [arg]: ids } });
  });
  return { ...notice(`${nounOf(kind)} list saved.`), user: person };
}

/** Adds (or detaches) tags to many students at once; every student must be in the scope. */
export async function bulkTags(ctx: RequestContext, raw: unknown, detach: boolean) {
  const scope = await studentManageScope(ctx);
  const a = parseArgs(
    z.object({ students: idList.min(1, 'Choose at least one student.'), tags: idList.min(1, 'Choose at least one tag.') }),
    raw,
  );
  const rows = await studentsInScope(ctx, scope, a.students);
  await assertLabels(ctx, 'tag', a.tags, 'tags');
  const tags = [...new Set(a.tags)];
  await inTransaction(ctx, async (trx) => {
    if (detach) await repo.removeLabelsFrom(trx, 'tag', 'student', a.students, tags);
    else await repo.addLabelsTo(trx, 'tag', 'student', a.students, tags);
    for (const s of rows) await auditStudent(ctx, trx, detach ? 'student.tags_detach' : 'student.tags_add', s.id, s.location_id, { tags });
  });
  return { ...notice(detach ? 'Tags removed.' : 'Tags added.'), students: rows.map((r) => ({ ...r, __scoped: true })) };
}

// ── relationships ────────────────────────────────────────────────────────────

const relationshipFields = {
  is_default: z.boolean().nullish(),
  legal_guardian: z.boolean().nullish(),
  relationship_type: optionalText(40, 'The relationship type'),
};

export async function getRelationships(ctx: RequestContext, raw: unknown) {
  await assertMayReadLists(ctx, true);
  const a = parseArgs(z.object({ search, ...pageArgs }), raw);
  const { rows, total } = await repo.pageRelationships(ctx.db, a.search, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

/** One default relationship: a new default waits for any other being set, then clears the old one. */
async function makeWayForDefault(trx: Knex.Transaction) {
  await lockFor(trx, 'relationships.default');
  await repo.clearDefaultRelationship(trx);
}

export async function addRelationship(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ name: name.pipe(z.string().max(60, 'Name must be at most 60 characters.')), ...relationshipFields }), raw);
  if (await repo.relationshipNameTaken(ctx.db, a.name)) throw relationshipNameTaken();
  const row = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      if (a.is_default) await makeWayForDefault(trx);
      const r = await repo.insertRelationship(trx, {
        name: a.name,
        is_default: a.is_default ?? false,
        legal_guardian: a.legal_guardian ?? false,
        relationship_type: a.relationship_type ?? null,
      });
      await audit(ctx, trx, { action: 'relationship.create', entity: 'relationship', entity_id: String(r.id), data: { name: a.name } });
      return r;
    }),
    relationshipIndexes,
  );
  return { ...notice('Relationship added.'), relationship: row };
}

export async function updateRelationship(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(
    z.object({ id, name: name.pipe(z.string().max(60, 'Name must be at most 60 characters.')).optional(), ...relationshipFields }),
    raw,
  );
  const before = await repo.findRelationship(ctx.db, a.id);
  if (!before) throw relationshipNotFound();
  if (a.name && (await repo.relationshipNameTaken(ctx.db, a.name, a.id))) throw relationshipNameTaken();
  const patch: Record<string, unknown> = {};
  for (const k of ['name', 'is_default', 'legal_guardian', 'relationship_type'] as const)
    if (a[k] !== undefined) patch[k] = a[k] ?? (k === 'relationship_type' ? null : false);
  const row = await mapUniqueViolations(
    inTransaction(ctx, async (trx) => {
      if (patch.is_default) await makeWayForDefault(trx);
      const r = await repo.updateRelationship(trx, a.id, patch);
      await audit(ctx, trx, { action: 'relationship.update', entity: 'relationship', entity_id: a.id, data: { changes: patch } });
      return r;
    }),
    relationshipIndexes,
  );
  return { ...notice('Relationship saved.'), relationship: row };
}

export async function deleteRelationship(ctx: RequestContext, raw: unknown) {
  const a = parseArgs(z.object({ id }), raw);
  const before = await repo.findRelationship(ctx.db, a.id);
  if (!before) throw relationshipNotFound();
  await inTransaction(ctx, async (trx) => {
    await repo.deleteRelationship(trx, a.id);
    await audit(ctx, trx, { action: 'relationship.delete', entity: 'relationship', entity_id: a.id, data: { name: before.name } });
  });
  return { ...notice('Relationship deleted.'), id: a.id };
}
