import { z } from 'zod';
import { parseArgs } from '@kv/server';
import { displayEmail } from '@kv/shared';
import type { RequestContext } from '../../../types.ts';
import * as repo from '../repo.ts';
import { assertImportLocation, importScope } from '../policy.ts';
import { csvLine } from '../csv.ts';
import { audit } from '../../../core/audit.ts';
import { id } from '../../../core/args.ts';
import { inTransaction } from '../../../core/tx.ts';
import { assertRooms } from '../../students/index.ts';
import { findLocation } from '../../locations/index.ts';

/** Columns of the roster; the same headers uploadStudentsCsv reads back. No medical data leaves this way. */
const HEADERS = [
  'Student ID',
  'First Name',
  'Middle Name',
  'Last Name',
  'Nickname',
  'Birthday',
  'Gender',
  'Room',
  'Status',
  'Type',
  'Enrollment Date',
  'External ID',
  'Parent First Name',
  'Parent Last Name',
  'Parent Email',
  'Parent Phone',
  'Relationship',
  'Contact 2 Name',
  'Contact 2 Email',
  'Contact 2 Phone',
  'Contact 2 Relationship',
];

type Contact = { fname: string; lname: string; email: string | null; phone: string | null; relation: string | null };

/**
 * The roster of a location (optionally one room) as CSV: students with their room and first two
 * contacts (black-listed contacts left out). Every export is audited.
 */
export async function exportRoster(ctx: RequestContext, raw: unknown) {
  const locations = await importScope(ctx, 'students');
  const a = parseArgs(z.object({ location_id: id, program_id: id.nullish() }), raw);
  await assertImportLocation(ctx, locations, a.location_id);
  await assertRooms(ctx, a.location_id, [a.program_id]);
  const rows = await repo.rosterRows(ctx.db, a.location_id, a.program_id ?? null);
  const lines = [csvLine(HEADERS)];
  for (const r of rows) {
    const [c1, c2] = (typeof r.contacts === 'string' ? JSON.parse(r.contacts) : r.contacts) as Contact[];
    lines.push(
      csvLine([
        r.id,
        r.fname,
        r.middle_name,
        r.lname,
        r.nick_name,
        r.dob,
        r.gender,
        r.program,
        r.status ? 'active' : 'inactive',
        r.type,
        r.enrollment_date,
        r.external_id,
        c1?.fname,
        c1?.lname,
        displayEmail(c1?.email),
        c1?.phone,
        c1?.relation,
        c2 ? `${c2.fname} ${c2.lname}` : '',
        displayEmail(c2?.email),
        c2?.phone,
        c2?.relation,
      ]),
    );
  }
  const location = await findLocation(ctx.db, a.location_id);
  await inTransaction(ctx, (trx) =>
    audit(ctx, trx, {
      action: 'roster.export',
      entity: 'location',
      entity_id: a.location_id,
      location_id: a.location_id,
      data: { rows: rows.length, program_id: a.program_id ?? null },
    }),
  );
  const slug =
    (location?.name ?? 'roster')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'roster';
  return {
    status: true,
    message: `${rows.length} students exported.`,
    color: 'success',
    filename: `${slug}-roster-${new Date().toISOString().slice(0, 10)}.csv`,
    content_type: 'text/csv; charset=utf-8',
    csv: `${lines.join('\r\n')}\r\n`,
    rows: rows.length,
  };
}

const STEPS = ['location', 'camera', 'streaming_server', 'school_profile', 'room', 'manager', 'contact', 'student'] as const;

/** Onboarding data: what exists so far, and the setup checklist's steps (spec §2 Setup checklist). */
export async function getBoardingData(ctx: RequestContext, raw: unknown) {
  const locations = await importScope(ctx, 'students');
  const a = parseArgs(z.object({ location_id: id.nullish() }), raw);
  if (a.location_id) await assertImportLocation(ctx, locations, a.location_id);
  const c = await repo.boardingCounts(ctx.db, a.location_id ? [a.location_id] : locations);
  const done: Record<(typeof STEPS)[number], boolean | null> = {
    location: c.locations! > 0,
    camera: c.cameras! > 0,
    streaming_server: null,
    school_profile: c.school_profile! > 0,
    room: c.rooms! > 0,
    manager: c.managers! > 0,
    contact: c.contacts! > 0,
    student: c.students! > 0,
  };
  return {
    location_id: a.location_id ?? null,
    ...c,
    school_profile: c.school_profile! > 0,
    steps: STEPS.map((step) => ({ step, done: done[step] })),
  };
}
