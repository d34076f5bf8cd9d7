import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';
import { zipSync, strToU8 } from 'fflate';
import { parseArgs } from '@kv/server';
import { PermanentJobError, writeOutbox, type JobContext } from '@kv/jobs';
import { fileKey, forCentre, type FileStore } from '@kv/files';
import type { RequestContext } from '../../../types.ts';
import { insertAudit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { notice } from '../../../core/result.ts';
import { studentsInScope } from '../../students/index.ts';
import { centreStore } from '../../files/index.ts';
import { exportNotFound } from '../errors.ts';
import { exportScope } from '../policy.ts';
import * as repo from '../repo.ts';
import type { EvaluatedItem } from './immunizations.ts';

export const IMMUNIZATIONS_QUEUE = 'immunizations';
export const EXPORT_JOB = 'compliance-export';
/** The bundle's signed link lives two minutes. */
const URL_SECONDS = 120;
/** A file larger than this is listed in the bundle, not copied into it. */
const MAX_FILE_BYTES = 25 * 1024 * 1024;

interface ExportRow {
  id: string;
  student_id: string;
  requested_by: string | null;
  status: string;
  progress: number;
  object_id: string | null;
  size: string | null;
  entries: number | null;
  failure: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const byId = (db: Knex | Knex.Transaction, exportId: string): Promise<ExportRow | undefined> =>
  db('compliance_exports').where({ id: exportId }).first();

async function shown(ctx: RequestContext, row: ExportRow) {
  let url: string | null = null;
  let expires_at: string | null = null;
  if (row.status === 'done' && row.object_id) {
    const link = await centreStore(ctx).presignDownload(fileKey(ctx.tenant.id, row.object_id, 'main'), {
      fileName: `compliance-${row.student_id}-${row.id}.zip`,
      contentType: 'application/zip',
      disposition: 'attachment',
      expiresInSeconds: URL_SECONDS,
    });
    url = link.url;
    expires_at = new Date(Date.now() + URL_SECONDS * 1000).toISOString();
  }
  return {
    id: String(row.id),
    student_id: String(row.student_id),
    status: row.status,
    progress: row.progress,
    entries: row.entries,
    size: row.size == null ? null : Number(row.size),
    failure: row.failure,
    url,
    expires_at,
    created_at: row.created_at,
    finished_at: row.finished_at,
  };
}

/**
 * Spec exportStudentCompliance: queues the job that bundles a child's signed PDFs, documents and
 * doses into a ZIP in the file store; follow it with getComplianceExport (progress, then a
 * short-lived link).
 */
export async function exportStudentCompliance(ctx: RequestContext, raw: unknown) {
  const scope = await exportScope(ctx);
  const a = parseArgs(z.object({ student_id: id }), raw);
  const [student] = await studentsInScope(ctx, scope, [a.student_id]);
  const row = await inTransaction(ctx, async (trx) => {
    const [r] = await trx('compliance_exports').insert({ student_id: a.student_id, requested_by: ctx.viewer!.id }).returning('*');
    await writeOutbox(trx, {
      queue: IMMUNIZATIONS_QUEUE,
      name: EXPORT_JOB,
      payload: { centreId: ctx.tenant.id, exportId: String(r.id) },
      dedupeKey: `compliance-export:${r.id}`,
    });
    await insertAudit(trx, {
      actor_user_id: ctx.viewer!.id,
      support_session_id: ctx.viewer!.support?.sessionId ?? null,
      actor_label: ctx.viewer!.support?.operator ?? null,
      ip: ctx.ip,
      action: 'compliance.export',
      entity: 'student',
      entity_id: String(a.student_id),
      location_id: student!.location_id,
      data: { export: String(r.id) },
    });
    return r as ExportRow;
  });
  return { ...notice('Export queued. It will be ready in a moment.'), export: await shown(ctx, row) };
}

/** The export's progress, and its short-lived link once done (the requester's scope re-checked). */
export async function getComplianceExport(ctx: RequestContext, raw: unknown) {
  const scope = await exportScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const row = await byId(ctx.db, a.id);
  if (!row) throw exportNotFound();
  const [reachable] = await studentsInScope(ctx, scope, [String(row.student_id)]).catch(() => [null]);
  if (!reachable) throw exportNotFound();
  return shown(ctx, row);
}

export interface ExportJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  files?: FileStore;
}

const csvCell = (v: unknown) => {
  const s = v == null ? '' : String(v);
  return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'file';

/**
 * Builds one export: claims it (queued → running; a rerun of a claimed one does nothing), reads
 * each file from the store with the progress written after each, zips them with `doses.csv` and
 * `summary.txt`, stores the ZIP and marks it done (or failed with the reason).
 */
export async function runComplianceExport(job: Pick<JobContext, 'data' | 'log'>, deps: ExportJobDeps) {
  const { centreId, exportId } = job.data as { centreId?: string; exportId?: string };
  if (typeof centreId !== 'string' || !exportId) throw new PermanentJobError('compliance-export needs a centreId and an exportId');
  if (!deps.files) throw new PermanentJobError('No file store configured');
  const db = await deps.dbFor(centreId);
  const claimed = await db('compliance_exports')
    .where({ id: exportId, status: 'queued' })
    .update({ status: 'running', progress: 1 })
    .returning('*');
  if (!claimed.length) return null;
  const row = claimed[0] as ExportRow;
  const store = forCentre(deps.files, centreId);
  try {
    const student = await db('students')
      .where({ id: row.student_id })
      .first('id', 'fname', 'lname', db.raw("to_char(dob, 'YYYY-MM-DD') as dob"));
    const files: { folder: string; id: string; name: string }[] = [
      ...(
        await db('files')
          .where({ purpose: 'signed_pdf', owner_id: row.student_id, status: 'ready' })
          .orderBy('created_at')
          .select('id', 'original_name')
      ).map((f) => ({ folder: 'signed-pdfs', id: String(f.id), name: f.original_name })),
      ...(
        await db('documents as d')
          .join('document_requests as r', 'r.id', 'd.request_id')
          .join('files as f', 'f.id', 'd.file_id')
          .where({ 'd.student_id': row.student_id, 'f.status': 'ready' })
          .whereIn('d.status', ['approved', 'pending', 'expired'])
          .orderBy('d.id')
          .select('f.id', 'f.original_name', 'r.name', 'd.status')
      ).map((f) => ({ folder: 'documents', id: String(f.id), name: `${f.name} (${f.status}) - ${f.original_name}` })),
      ...(
        await db('student_immunizations as s')
          .join('files as f', 'f.id', 's.exemption_file_id')
          .where({ 's.student_id': row.student_id, 's.exempt': true, 'f.status': 'ready' })
          .select('f.id', 'f.original_name', 's.code')
      ).map((f) => ({ folder: 'exemptions', id: String(f.id), name: `${f.code} - ${f.original_name}` })),
    ];
    const entries: Record<string, Uint8Array> = {};
    const skipped: string[] = [];
    const total = files.length + 1;
    for (const [i, f] of files.entries()) {
      const key = fileKey(centreId, f.id, 'main');
      const stat = await store.stat(key);
      if (!stat || stat.size > MAX_FILE_BYTES) skipped.push(`${f.folder}/${f.name}`);
      else
        entries[`${f.folder}/${String(i + 1).padStart(3, '0')}-${safeName(f.name)}`] = new Uint8Array(
          await store.read(key, MAX_FILE_BYTES),
        );
      await db('compliance_exports')
        .where({ id: row.id })
        .update({ progress: Math.max(1, Math.floor(((i + 1) / total) * 90)) });
    }
    const records = (await repo.recordsOf(db, [String(row.student_id)])).get(String(row.student_id)) ?? [];
    const latest = (await repo.evaluationHistory(db, String(row.student_id), 1))[0];
    const status = new Map(((latest?.result ?? []) as EvaluatedItem[]).map((e) => [e.code, e]));
    const lines = [['code', 'vaccine', 'dose', 'given_on', 'exempt', 'exemption_reason', 'status', 'message'].join(',')];
    const codes = new Set([...records.map((r) => r.code), ...status.keys()]);
    for (const code of [...codes].sort()) {
      const r = records.find((x) => x.code === code);
      const e = status.get(code);
      const doses = r?.doses.length ? r.doses : [null];
      doses.forEach((d, n) =>
        lines.push(
          [
            code,
            e?.name ?? code,
            d ? n + 1 : '',
            d ?? '',
            r?.exempt ? 'yes' : 'no',
            r?.exemption_reason ?? '',
            e?.status ?? '',
            e?.message ?? '',
          ]
            .map(csvCell)
            .join(','),
        ),
      );
    }
    entries['doses.csv'] = strToU8(lines.join('\n') + '\n');
    entries['summary.txt'] = strToU8(
      [
        `Compliance bundle for ${student?.fname ?? ''} ${student?.lname ?? ''}`.trim(),
        `Date of birth: ${student?.dob ?? 'unknown'}`,
        latest
          ? `Immunization evaluation of ${latest.evaluated_on} (schedule version ${latest.schedule_version})`
          : 'No immunization evaluation yet.',
        `Signed PDFs: ${files.filter((f) => f.folder === 'signed-pdfs').length}`,
        `Documents: ${files.filter((f) => f.folder === 'documents').length}`,
        `Exemption documents: ${files.filter((f) => f.folder === 'exemptions').length}`,
        ...(skipped.length ? ['Not copied (missing or larger than 25 MB):', ...skipped.map((s) => `- ${s}`)] : []),
        `Built ${new Date().toISOString()}`,
      ].join('\n') + '\n',
    );
    const zip = Buffer.from(zipSync(entries, { level: 6 }));
    const objectId = randomUUID();
    await store.write(fileKey(centreId, objectId, 'main'), zip, 'application/zip');
    await db('compliance_exports')
      .where({ id: row.id })
      .update({
        status: 'done',
        progress: 100,
        object_id: objectId,
        size: zip.length,
        entries: Object.keys(entries).length,
        finished_at: db.fn.now(),
      });
    job.log(`compliance export ${row.id}: ${Object.keys(entries).length} entries, ${zip.length} bytes`);
    return { entries: Object.keys(entries).length, size: zip.length };
  } catch (err) {
    await db('compliance_exports')
      .where({ id: row.id })
      .update({ status: 'failed', failure: 'The bundle could not be built. Try again.', finished_at: db.fn.now() });
    throw new PermanentJobError(`compliance export ${row.id} failed: ${(err as Error).message}`);
  }
}
