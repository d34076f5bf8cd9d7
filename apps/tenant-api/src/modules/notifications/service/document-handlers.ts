import type { Knex } from 'knex';
import type { DomainEvent, EventHandler } from '@kv/jobs';
import { DOCUMENT_EXPIRING, DOCUMENT_REQUESTED, DOCUMENT_REVIEWED, FILE_PUBLISHED, GAP_OPENED } from '../../documents/index.ts';
import { documentTitle } from '../wording.ts';
import { notifyUsers } from './notify.ts';

/**
 * Notices of the documents area's events (issue 20), each once per event and user:
 * - `document.requested`: family requests to the guardians of the location's active children,
 *   staff requests to the location's staff (limited to the request's roles);
 * - `document.reviewed`: the uploader, approved or rejected;
 * - `document.expiring` (30 and 7 days): the uploader and the child's guardians;
 * - `file.published`: the users the file is shared with (directly, by child, by role or location);
 * - `compliance.gap_opened`: the child's guardians (the pinned action item is raised by the
 *   documents area itself; `compliance.gap_closed` closes it there, so it needs no notice).
 */
type Trx = Knex.Transaction;
const digits = (v: unknown) => (/^\d+$/.test(String(v ?? '')) ? String(v) : null);

async function localesOf(trx: Trx, userIds: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (!userIds.length) return out;
  const rows: { id: string; locale: string | null }[] = await trx('users')
    .whereIn('id', [...new Set(userIds)])
    .where('status', true)
    .whereNull('deleted_at')
    .select('id', 'locale');
  for (const r of rows) {
    const l = r.locale ?? 'en';
    out.set(l, [...(out.get(l) ?? []), String(r.id)]);
  }
  return out;
}

async function send(
  trx: Trx,
  event: DomainEvent,
  key: string,
  users: readonly string[],
  what: string,
  vars: Record<string, string>,
  extra: { link: string; student_id?: string | null; location_id?: string | null },
) {
  for (const [locale, ids] of await localesOf(trx, users)) {
    await notifyUsers(trx, {
      centre_id: event.payload.centreId,
      event_key: key,
      user_ids: ids,
      kind: 'document',
      title: documentTitle(what, locale, vars),
      body: documentTitle(what, locale, vars),
      link: extra.link,
      student_id: extra.student_id ?? null,
      location_id: extra.location_id ?? null,
      instant: true,
    });
  }
}

/** Staff of these locations (members or managers) holding one of the roles. */
async function staffWithRoles(trx: Trx, locationIds: readonly string[], roles: readonly string[]): Promise<string[]> {
  const rows = await trx('user_roles as ur')
    .join('roles as r', 'r.id', 'ur.role_id')
    .whereIn('r.name', roles as string[])
    .where((w) =>
      w
        .whereIn('ur.user_id', trx('user_locations').whereIn('location_id', locationIds as string[]).select('user_id'))
        .orWhereIn('ur.user_id', trx('location_managers').whereIn('location_id', locationIds as string[]).select('user_id')),
    )
    .distinct('ur.user_id');
  return rows.map((r) => String(r.user_id));
}

const guardians = async (trx: Trx, studentIds: readonly string[]) =>
  (await trx('student_users').whereIn('student_id', studentIds as string[]).where('black_list', false).select('user_id')).map((r) => String(r.user_id));

export const documentRequestedHandler: EventHandler = {
  key: 'notifications.document_requested',
  async handle(trx, event) {
    const id = digits(event.payload.request);
    if (!id) return;
    const r = await trx('document_requests').where({ id }).first('id', 'name', 'type', 'roles', 'location_id', 'archive');
    if (!r || r.archive) return;
    const roles: string[] = Array.isArray(r.roles) ? r.roles : [];
    let users: string[];
    if (r.type === 'family') {
      const kids = (await trx('students').where({ location_id: r.location_id, status: true }).whereNull('deleted_at').select('id')).map((k) => String(k.id));
      users = await guardians(trx, kids);
    } else {
      users = await staffWithRoles(trx, [String(r.location_id)], roles.length ? roles : ['teacher', 'manager']);
    }
    await send(trx, event, `document-requested:${r.id}`, users, 'requested', { name: r.name }, {
      link: r.type === 'family' ? '/user/students/documents' : `/document/${r.id}`,
      location_id: String(r.location_id),
    });
  },
};

export const documentReviewedHandler: EventHandler = {
  key: 'notifications.document_reviewed',
  async handle(trx, event) {
    const id = digits(event.payload.document);
    if (!id) return;
    const d = await trx('documents as d').join('document_requests as dr', 'dr.id', 'd.request_id').where('d.id', id).first('d.id', 'd.status', 'd.uploaded_by', 'd.student_id', 'd.location_id', 'dr.name');
    if (!d?.uploaded_by || !['approved', 'rejected'].includes(d.status)) return;
    await send(trx, event, `document-reviewed:${d.id}:${d.status}`, [String(d.uploaded_by)], d.status, { name: d.name }, {
      link: d.student_id ? '/user/students/documents' : '/documents',
      student_id: d.student_id ? String(d.student_id) : null,
      location_id: String(d.location_id),
    });
  },
};

export const documentExpiringHandler: EventHandler = {
  key: 'notifications.document_expiring',
  async handle(trx, event) {
    const id = digits(event.payload.document);
    const days = digits(event.payload.days);
    if (!id || !days) return;
    const d = await trx('documents as d').join('document_requests as dr', 'dr.id', 'd.request_id').where('d.id', id).first('d.id', 'd.uploaded_by', 'd.student_id', 'd.location_id', 'dr.name');
    if (!d) return;
    const users = [...(d.uploaded_by ? [String(d.uploaded_by)] : []), ...(d.student_id ? await guardians(trx, [String(d.student_id)]) : [])];
    await send(trx, event, `document-expiring:${d.id}:${days}`, users, 'expiring', { name: d.name, days }, {
      link: d.student_id ? '/user/students/documents' : '/documents',
      student_id: d.student_id ? String(d.student_id) : null,
      location_id: String(d.location_id),
    });
  },
};

export const filePublishedHandler: EventHandler = {
  key: 'notifications.file_published',
  async handle(trx, event) {
    const id = digits(event.payload.file);
    if (!id) return;
    const f = await trx('centre_files').where({ id }).first('id', 'name', 'location_id', 'published', 'archive');
    if (!f?.published || f.archive) return;
    const shares: { target_kind: string; target_id: string }[] = await trx('centre_file_shares').where({ file_id: f.id }).select('target_kind', 'target_id');
    const of = (k: string) => shares.filter((s) => s.target_kind === k).map((s) => s.target_id);
    const users = new Set(of('user'));
    for (const g of await guardians(trx, of('student'))) users.add(g);
    const roles = of('role');
    const locations = of('location');
    if (roles.includes('user') || locations.length) {
      const locs = roles.includes('user') ? [String(f.location_id), ...locations] : locations;
      const kids = (await trx('students').whereIn('location_id', locs).where('status', true).whereNull('deleted_at').select('id')).map((k) => String(k.id));
      for (const g of await guardians(trx, kids)) users.add(g);
    }
    const staffRoles = roles.filter((r) => r !== 'user');
    if (staffRoles.length) for (const u of await staffWithRoles(trx, [String(f.location_id)], staffRoles)) users.add(u);
    if (locations.length) for (const u of await staffWithRoles(trx, locations, ['teacher', 'manager'])) users.add(u);
    await send(trx, event, `file-published:${f.id}`, [...users], 'published', { name: f.name }, { link: '/user/files', location_id: String(f.location_id) });
  },
};

export const gapOpenedHandler: EventHandler = {
  key: 'notifications.gap_opened',
  async handle(trx, event) {
    const id = digits(event.payload.gap);
    if (!id) return;
    const g = await trx('compliance_gaps as g').join('students as s', 's.id', 'g.student_id').where('g.id', id).whereNull('g.closed_at').first('g.*', 's.fname');
    if (!g) return;
    const table = g.kind === 'form' ? 'forms' : g.kind === 'document' ? 'document_requests' : null;
    const source = table ? await trx(table).where({ id: g.source_id }).first('name') : null;
    await send(trx, event, `gap-opened:${g.id}`, await guardians(trx, [String(g.student_id)]), 'gap', { name: source?.name ?? '', child: g.fname }, {
      link: g.kind === 'form' ? '/user/students/forms' : '/user/students/documents',
      student_id: String(g.student_id),
      location_id: String(g.location_id),
    });
  },
};

export function registerDocumentNotifications(onEvent: (name: string, handler: EventHandler) => void): void {
  onEvent(DOCUMENT_REQUESTED, documentRequestedHandler);
  onEvent(DOCUMENT_REVIEWED, documentReviewedHandler);
  onEvent(DOCUMENT_EXPIRING, documentExpiringHandler);
  onEvent(FILE_PUBLISHED, filePublishedHandler);
  onEvent(GAP_OPENED, gapOpenedHandler);
}
