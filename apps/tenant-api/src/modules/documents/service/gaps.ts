import type { Knex } from 'knex';
import { z } from 'zod';
import { emit } from '@kv/jobs';
import { forbidden, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { reaches } from '../../../core/access.ts';
import { id } from '../../../core/args.ts';
import { applyScope } from '../../students/index.ts';
import { assignedFormStatus } from '../../forms/index.ts';
import { closeActionItem, raiseActionItem } from '../../announcements/index.ts';
import { docViewer } from '../policy.ts';
import { locationNotFound } from '../errors.ts';
import { todayUtc } from '../dates.ts';
import * as repo from '../repo.ts';

type Db = Knex | Knex.Transaction;

export const GAP_OPENED = 'compliance.gap_opened';
export const GAP_CLOSED = 'compliance.gap_closed';
export const GAP_SOURCE = 'compliance_gap';

export type GapReason = 'missing' | 'expired' | 'unapproved';

export interface Gap {
  kind: string;
  source_id: string;
  name: string;
  reason: GapReason;
  student_id: string;
}

export interface GapStudent {
  id: string;
  location_id: string;
  student_name: string;
  program_id: string | null;
  program_name: string | null;
}

/**
 * One kind of requirement a child may lack. The list is open: immunizations add a `dose` kind
 * (missing or overdue doses) without touching the rest.
 */
export interface GapKind {
  kind: string;
  gaps(db: Db, students: readonly GapStudent[], today: string): Promise<Gap[]>;
}

/** Forms shared with the child (an assignment) without an approved entry. */
const formGaps: GapKind = {
  kind: 'form',
  async gaps(db, students) {
    const rows = await assignedFormStatus(
      db,
      students.map((s) => s.id),
    );
    return rows
      .filter((r) => r.status !== 'approved')
      .map((r) => ({ kind: 'form', source_id: String(r.form_id), name: r.name, reason: r.status ? 'unapproved' : 'missing', student_id: String(r.student_id) }));
  },
};

/** Required family document requests of the child's location without a live approved answer. */
const documentGaps: GapKind = {
  kind: 'document',
  async gaps(db, students, today) {
    if (!students.length) return [];
    const rows: { student_id: string; source_id: string; name: string; status: string | null; expiry: string | null }[] = await db('students as s')
      .join('document_requests as dr', (j) => j.on('dr.location_id', 's.location_id'))
      .whereIn(
        's.id',
        students.map((s) => s.id),
      )
      .where({ 'dr.type': 'family', 'dr.required': true, 'dr.archive': false })
      .select(
        's.id as student_id',
        'dr.id as source_id',
        'dr.name',
        db.raw('(select d.status from documents d where d.request_id = dr.id and d.student_id = s.id order by d.id desc limit 1) as status'),
        db.raw("(select to_char(d.expiry, 'YYYY-MM-DD') from documents d where d.request_id = dr.id and d.student_id = s.id order by d.id desc limit 1) as expiry"),
      );
    const out: Gap[] = [];
    for (const r of rows) {
      let reason: GapReason | null = null;
      if (!r.status) reason = 'missing';
      else if (r.status === 'expired' || (r.status === 'approved' && r.expiry && r.expiry < today)) reason = 'expired';
      else if (r.status !== 'approved') reason = 'unapproved';
      if (reason) out.push({ kind: 'document', source_id: String(r.source_id), name: r.name, reason, student_id: String(r.student_id) });
    }
    return out;
  },
};

export const GAP_KINDS: GapKind[] = [formGaps, documentGaps];

export async function gapsOf(db: Db, students: readonly GapStudent[], today: string): Promise<Gap[]> {
  const all = await Promise.all(GAP_KINDS.map((k) => k.gaps(db, students, today)));
  return all.flat();
}

function studentsQuery(db: Db) {
  return db('students as s')
    .leftJoin('programs as p', 'p.id', 's.program_id')
    .whereNull('s.deleted_at')
    .where('s.status', true)
    .select(
      's.id',
      's.location_id',
      's.program_id',
      'p.name as program_name',
      db.raw("trim(concat_ws(' ', s.fname, s.lname)) as student_name"),
    )
    .orderBy([{ column: 'p.name' }, { column: 's.lname' }, { column: 's.fname' }]);
}

/** Spec getComplianceGaps: per child and room of a location the missing, expired or unapproved requirements (staff). */
export async function getComplianceGaps(ctx: RequestContext, raw: unknown) {
  const d = await docViewer(ctx);
  if (!d.staff) throw forbidden();
  const a = parseArgs(z.object({ location_id: id, program_id: id.nullish() }), raw);
  if (!reaches(d.reads, a.location_id)) throw locationNotFound();
  const q = studentsQuery(ctx.db).where('s.location_id', a.location_id);
  if (a.program_id) q.where('s.program_id', a.program_id);
  const students = (await applyScope(ctx.db, q, d.students)) as GapStudent[];
  const byId = new Map(students.map((s) => [String(s.id), s]));
  const gaps = await gapsOf(ctx.db, students, todayUtc());
  const order = new Map(students.map((s, i) => [String(s.id), i]));
  return gaps
    .sort((x, y) => order.get(x.student_id)! - order.get(y.student_id)! || x.kind.localeCompare(y.kind) || x.name.localeCompare(y.name))
    .map((g) => {
      const s = byId.get(g.student_id)!;
      return { ...g, student_name: s.student_name, program_id: s.program_id, program_name: s.program_name };
    });
}

/**
 * Opens and closes the stored gaps of these children (or every active child of a location) to
 * match what they lack now: a new gap emits `compliance.gap_opened` and pins an action item on
 * the child's guardians; a gap no longer there emits `compliance.gap_closed` and closes the item.
 */
export async function syncGaps(
  trx: Knex.Transaction,
  centreId: string,
  who: { students?: readonly string[]; location?: string },
  today = todayUtc(),
): Promise<{ opened: number; closed: number }> {
  const q = studentsQuery(trx);
  if (who.students) q.whereIn('s.id', who.students as string[]);
  if (who.location) q.where('s.location_id', who.location);
  const students = (await q) as GapStudent[];
  const ids = students.map((s) => String(s.id));
  if (!ids.length) return { opened: 0, closed: 0 };
  const now = await gapsOf(trx, students, today);
  const open: { id: string; student_id: string; kind: string; source_id: string; reason: string }[] = await trx('compliance_gaps')
    .whereIn('student_id', ids)
    .whereNull('closed_at')
    .select('id', 'student_id', 'kind', 'source_id', 'reason');
  const key = (g: { student_id: string; kind: string; source_id: string }) => `${g.student_id}:${g.kind}:${g.source_id}`;
  const current = new Map(now.map((g) => [key(g), g]));
  const stored = new Map(open.map((g) => [key({ ...g, student_id: String(g.student_id), source_id: String(g.source_id) }), g]));
  const byId = new Map(students.map((s) => [String(s.id), s]));
  let opened = 0;
  let closed = 0;
  for (const [k, g] of stored) {
    const still = current.get(k);
    if (still) {
      if (still.reason !== g.reason) await trx('compliance_gaps').where({ id: g.id }).update({ reason: still.reason });
      continue;
    }
    await trx('compliance_gaps').where({ id: g.id }).update({ closed_at: trx.fn.now() });
    await closeActionItem(trx, GAP_SOURCE, String(g.id));
    await emit(trx, GAP_CLOSED, { centreId, gap: String(g.id), student: String(g.student_id) });
    closed++;
  }
  const fresh = now.filter((g) => !stored.has(key(g)));
  const guardians = await repo.guardiansOf(trx, [...new Set(fresh.map((g) => g.student_id))]);
  for (const g of fresh) {
    const s = byId.get(g.student_id)!;
    const [row] = await trx('compliance_gaps')
      .insert({ location_id: s.location_id, student_id: g.student_id, kind: g.kind, source_id: g.source_id, reason: g.reason })
      .returning('id');
    const gapId = String(row.id);
    await raiseActionItem(trx, {
      source_kind: GAP_SOURCE,
      source_id: gapId,
      title: `${g.name} for ${s.student_name}`,
      due_date: today,
      recipients: guardians.filter((x) => String(x.student_id) === g.student_id).map((x) => ({ user_id: String(x.user_id), location_id: String(s.location_id) })),
    });
    await emit(trx, GAP_OPENED, { centreId, gap: gapId, student: g.student_id });
    opened++;
  }
  return { opened, closed };
}
