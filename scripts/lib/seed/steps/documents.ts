import { availableParallelism } from 'node:os';
import { MAX_URL_SECONDS } from '@kv/files';
import { addDays, localParts } from '@kv/shared';
import { acceptedAudit, checkAndStore, purposeOf, rulesOf, syncGaps, type ReadyColumns } from '@kv/tenant-api';
import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';
import { textPdf } from '../text-pdf.ts';

const CONCURRENCY = Math.min(4, availableParallelism());
const FILES = 30;
const UNPUBLISHED = 5;
const ARCHIVED = 4;
const EXPIRING = 6;
const EXPIRED = 3;
const ANSWERED = 0.7;

/** The five requests (four to families, one to staff) and the centre files, by centre kind. */
const WORDS = {
  childcare: {
    family: ['Doctor’s note', 'Allergy action plan', 'Emergency contact card', 'Birth certificate copy'],
    staff: 'Staff CPR card',
    files: ['Parent handbook', 'Sick policy', 'Holiday schedule', 'Pickup policy', 'Nutrition guide', 'Nap time policy', 'Sunscreen consent info', 'Tuition rates', 'Field trip guide', 'Emergency plan'],
  },
  petcare: {
    family: ['Vet health certificate', 'Spay or neuter record', 'Behaviour assessment', 'Owner liability waiver'],
    staff: 'Pet first aid card',
    files: ['Owner handbook', 'Boarding policy', 'Holiday schedule', 'Pickup policy', 'Feeding guide', 'Play group rules', 'Grooming price list', 'Daycare rates', 'Hike day guide', 'Emergency plan'],
  },
} as const;


type Upload = { id: string; purpose: 'document' | 'centre_file'; owner: string; by: string; name: string; text: string; at: Date };

/**
 * Centre files and documents (issue 20): five document requests per centre (four answered per
 * child by ~70% of the families, one by staff) with approved, pending and rejected answers, six
 * expiring within 30 days and three expired; thirty centre files (five unpublished, four archived)
 * shared with families, teachers or the whole location; view and download logs. Every upload goes
 * through the files service's check (`document`, `centre_file`), and the compliance gaps (with
 * their pinned action items) are opened as the services open them (`syncGaps`).
 */
export const documentsStep: SeedStep = {
  name: 'documents',
  async run({ trx, def, faker, now, centre, files, locations, children, staff, ownerId }) {
    if (!files || !centre.id) throw new Error('the documents need the file store and the centre id (SeedOptions.files, centre.id)');
    const centreId = centre.id;
    const words = WORDS[def.kind];
    const locs = await locations();
    const kids = (await children()).filter((c) => c.status && !c.archived);
    const team = await staff();
    const owner = await ownerId();
    const managers = team.filter((p) => p.role === 'manager');
    const teachers = team.filter((p) => p.role === 'teacher');
    const today = localParts(now, locs[0]!.timezone).date;
    const guardians: { student_id: string; user_id: string }[] = await trx('student_users')
      .whereIn(
        'student_id',
        kids.map((k) => k.id),
      )
      .where('black_list', false)
      .select('student_id', 'user_id');
    // The README's demo parent: their children answered and had everything approved, and their
    // gaps are left to the journeys (which open and close them themselves).
    const demoParent = (await trx('users').where({ username: 'parent' }).first('id'))?.id;
    const demoKids = new Set(guardians.filter((g) => demoParent && String(g.user_id) === String(demoParent)).map((g) => String(g.student_id)));
    const guardianOf = new Map<string, string>();
    for (const g of guardians) if (!guardianOf.has(String(g.student_id))) guardianOf.set(String(g.student_id), String(g.user_id));
    const managerAt = (loc: string) => managers[locs.findIndex((l) => l.id === loc) % Math.max(1, managers.length)]?.id ?? owner;
    const uploads: Upload[] = [];
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000 - faker.number.int({ min: 0, max: 36_000_000 }));

    // ── requests ─────────────────────────────────────────────────────────────
    const requestIds = await allocateIds(trx, 'document_requests', 5);
    const requests = [...words.family.map((name) => ({ name, type: 'family' as const })), { name: words.staff, type: 'staff' as const }].map((r, i) => ({
      id: requestIds[i]!,
      location_id: locs[i % locs.length]!.id,
      name: r.name,
      type: r.type,
      description: r.type === 'family' ? 'Please upload a clear scan or photo.' : 'Keep your certification current.',
      instructions: r.type === 'family' ? 'PDF, JPEG, PNG or WebP, up to 10 MB.' : 'Upload both sides of the card.',
      roles: JSON.stringify(r.type === 'staff' ? ['teacher', 'manager'] : []),
      required: true,
      archive: false,
      created_by: managerAt(locs[i % locs.length]!.id),
      created_at: ago(60 + i),
      updated_at: ago(60 + i),
    }));
    await trx('document_requests').insert(requests);

    // ── answers: ~70% of the families per family request, ~70% of the teachers for the staff one ─
    type Answer = { request: (typeof requests)[number]; student: string | null; user: string; status: string; expiry: string | null; at: Date; date: string | null; note: string | null };
    const answers: Answer[] = [];
    for (const r of requests) {
      const who =
        r.type === 'family'
          ? kids.filter((k) => k.location_id === r.location_id && guardianOf.has(k.id)).map((k) => ({ student: k.id as string | null, user: guardianOf.get(k.id)! }))
          : teachers.map((t) => ({ student: null as string | null, user: t.id }));
      for (const x of who) {
        const demo = x.student !== null && demoKids.has(x.student);
        if (!faker.datatype.boolean(ANSWERED) && !demo) continue;
        const roll = faker.number.float();
        const status = demo || roll < 0.72 ? 'approved' : roll < 0.9 ? 'pending' : 'rejected';
        const at = ago(faker.number.int({ min: 3, max: 50 }));
        answers.push({
          request: r,
          student: x.student,
          user: x.user,
          status,
          at,
          date: status === 'approved' ? localParts(new Date(at.getTime() + 86_400_000), locs[0]!.timezone).date : null,
          expiry: status === 'rejected' ? null : addDays(today, faker.number.int({ min: 60, max: 400 })),
          note: status === 'rejected' ? 'The scan is unreadable: please upload it again.' : null,
        });
      }
    }
    // Six approved answers expire within 30 days, three have expired.
    const approved = faker.helpers.shuffle(answers.filter((a) => a.status === 'approved' && !(a.student && demoKids.has(a.student))));
    approved.slice(0, EXPIRING).forEach((a, i) => (a.expiry = addDays(today, [3, 6, 12, 18, 24, 29][i]!)));
    approved.slice(EXPIRING, EXPIRING + EXPIRED).forEach((a, i) => ((a.status = 'expired'), (a.expiry = addDays(today, -(i + 2) * 5))));
    const answerIds = await allocateIds(trx, 'documents', answers.length);
    const answerFiles = answers.map((a) => {
      const u: Upload = { id: faker.string.uuid(), purpose: 'document', owner: a.request.location_id, by: a.user, name: `${a.request.name}.pdf`, text: a.request.name, at: a.at };
      uploads.push(u);
      return u.id;
    });

    // ── centre files ─────────────────────────────────────────────────────────
    const fileIds = await allocateIds(trx, 'centre_files', FILES);
    const centreFiles = fileIds.map((id, i) => {
      const loc = locs[i % locs.length]!.id;
      const base = words.files[i % words.files.length]!;
      const name = i < words.files.length ? base : `${base} ${Math.floor(i / words.files.length) + 1}`;
      const at = ago(90 - i * 2);
      const u: Upload = { id: faker.string.uuid(), purpose: 'centre_file', owner: loc, by: managerAt(loc), name: `${name}.pdf`, text: name, at };
      uploads.push(u);
      return {
        id,
        location_id: loc,
        name,
        description: faker.helpers.arrayElement(['Please read before the next term.', 'Updated this season.', 'For every family of the location.', null]),
        type: 'file',
        sub_type: faker.helpers.arrayElement(['policy', 'handbook', 'schedule', 'form']),
        visible: true,
        published: i >= UNPUBLISHED,
        archive: i >= UNPUBLISHED && i < UNPUBLISHED + ARCHIVED,
        required: false,
        file_id: u.id,
        expiry_date: i % 7 === 0 ? addDays(today, 200) : null,
        sort_order: i + 1,
        created_by: u.by,
        created_at: at,
        updated_at: at,
      };
    });

    // ── the uploads through the files service's check ─────────────────────────
    const rules = { document: await rulesOf(trx, purposeOf('document')!), centre_file: await rulesOf(trx, purposeOf('centre_file')!) };
    const stored: { size: number; ready: ReadyColumns }[] = new Array(uploads.length);
    let next = 0;
    const worker = async () => {
      while (next < uploads.length) {
        const i = next++;
        const u = uploads[i]!;
        const bytes = textPdf(u.text);
        const checked = await checkAndStore(files, centreId, u.id, u.purpose, bytes, 'application/pdf', rules[u.purpose]);
        if (!checked.ok) throw new Error(`${u.purpose} ${i} was refused: ${checked.reason}`);
        stored[i] = { size: bytes.length, ready: checked.ready };
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, uploads.length) }, worker));
    const fileRows = uploads.map((u, i) => ({
      id: u.id,
      purpose: u.purpose,
      owner_id: u.owner,
      ...stored[i]!.ready,
      original_name: u.name,
      declared_type: 'application/pdf',
      declared_size: stored[i]!.size,
      uploaded_by: u.by,
      upload_expires_at: new Date(u.at.getTime() + MAX_URL_SECONDS * 1000),
      checked_at: new Date(u.at.getTime() + 2000),
      created_at: u.at,
      updated_at: new Date(u.at.getTime() + 2000),
    }));
    await insertMany(trx, 'files', fileRows);
    await insertMany(trx, 'centre_files', centreFiles);
    await insertMany(
      trx,
      'centre_file_shares',
      centreFiles.flatMap((f, i) =>
        i % 3 === 0
          ? [{ file_id: f.id, target_kind: 'location', target_id: String(f.location_id) }]
          : i % 3 === 1
            ? [
                { file_id: f.id, target_kind: 'role', target_id: 'user' },
                { file_id: f.id, target_kind: 'role', target_id: 'teacher' },
              ]
            : [{ file_id: f.id, target_kind: 'role', target_id: 'user' }],
      ),
    );
    // Some files concern the children of their location one by one (a child's own files page).
    await insertMany(
      trx,
      'centre_file_shares',
      centreFiles.flatMap((f, i) =>
        i % 5 === 3 ? kids.filter((k) => k.location_id === f.location_id).map((k) => ({ file_id: f.id, target_kind: 'student', target_id: String(k.id) })) : [],
      ),
    );
    await insertMany(
      trx,
      'documents',
      answers.map((a, i) => ({
        id: answerIds[i],
        request_id: a.request.id,
        location_id: a.request.location_id,
        student_id: a.student,
        user_id: a.user,
        file_id: answerFiles[i],
        status: a.status,
        date: a.date,
        expiry: a.expiry,
        note: a.note,
        uploaded_by: a.user,
        approved_by: a.status === 'pending' ? null : managerAt(a.request.location_id),
        reviewed_at: a.status === 'pending' ? null : new Date(a.at.getTime() + 86_400_000),
        // Notices already sent for what is inside its window today.
        notified_30_at: a.status === 'approved' && a.expiry && a.expiry <= addDays(today, 30) ? now : null,
        notified_7_at: a.status === 'approved' && a.expiry && a.expiry <= addDays(today, 7) ? now : null,
        expired_at: a.status === 'expired' ? now : null,
        created_at: a.at,
        updated_at: a.at,
      })),
    );

    // ── logs and audit, as the services write them ──────────────────────────
    const names = new Map<string, string>(team.map((p) => [p.id, `${p.fname} ${p.lname}`]));
    const logs = [
      ...answers.map((a, i) => ({ subject: 'document', subject_id: answerIds[i], activity: 'uploaded', user_id: a.user, username: names.get(a.user) ?? null, created_at: a.at })),
      ...answers.flatMap((a, i) =>
        a.status === 'pending'
          ? []
          : [{ subject: 'document', subject_id: answerIds[i], activity: a.status === 'rejected' ? 'rejected' : 'approved', user_id: managerAt(a.request.location_id), username: names.get(managerAt(a.request.location_id)) ?? null, created_at: new Date(a.at.getTime() + 86_400_000) }],
      ),
      ...centreFiles.flatMap((f) => (f.archive ? [{ subject: 'file', subject_id: f.id, activity: 'archived', user_id: f.created_by, username: names.get(f.created_by) ?? null, created_at: now }] : [])),
    ];
    await insertMany(trx, 'document_logs', logs);
    await insertMany(trx, 'audit_log', [
      ...fileRows.map((r) => auditRow({ ...acceptedAudit(r), created_at: r.checked_at })),
      ...requests.map((r) => auditRow({ action: 'document_request.created', entity: 'document_request', entity_id: r.id, location_id: r.location_id, actor_user_id: r.created_by, created_at: r.created_at })),
      ...centreFiles.map((f) => auditRow({ action: 'centre_file.created', entity: 'centre_file', entity_id: f.id, location_id: f.location_id, actor_user_id: f.created_by, created_at: f.created_at })),
    ]);

    // ── compliance gaps and their pinned action items ─────────────────────────
    let gaps = 0;
    for (const l of locs) {
      const students = kids.filter((k) => k.location_id === l.id && !demoKids.has(k.id)).map((k) => k.id);
      gaps += (await syncGaps(trx, centreId, { students }, localParts(now, l.timezone).date)).opened;
    }
    return `${requests.length} document requests, ${answers.length} answers, ${FILES} files, ${gaps} compliance gaps`;
  },
};
