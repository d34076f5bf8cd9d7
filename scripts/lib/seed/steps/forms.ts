import sharp from 'sharp';
import { MAX_URL_SECONDS } from '@kv/files';
import { checkAndStore, purposeOf, rulesOf, signatureHash, templateFields, templatesFor, type FormField } from '@kv/tenant-api';
import { allocateIds, auditRow, insertMany, type SeedContext, type SeedStep } from '../context.ts';
import { textPdf } from '../text-pdf.ts';

/** Web forms per centre, and the entries each gets (live ones one per child, then rejected older ones). */
const FORMS = 8;
/** Entries of each form but the first (which every family of its location fills): about 60 in all. */
const PER_FORM = 4;
/** The states entries go through, in turn: every state present, most entries approved. */
const ROTATION = ['approved', 'submitted', 'approved', 'change_requested', 'approved', 'resubmitted', 'submitted', 'approved'] as const;
const DAY = 86_400_000;

/** A drawn signature: a few strokes as an SVG, rendered to the PNG the pad would send. */
async function drawnSignature(seed: number): Promise<string> {
  const y = (i: number) => 30 + Math.round(14 * Math.sin(i * 0.9 + seed));
  const path = Array.from({ length: 12 }, (_, i) => `${i ? 'L' : 'M'}${10 + i * 20} ${y(i)}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="60"><rect width="100%" height="100%" fill="white"/><path d="${path}" stroke="#1b1f3b" stroke-width="3" fill="none" stroke-linecap="round"/></svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

/**
 * Eight web forms from the centre kind's templates (child care: enrolment, medication, photo
 * release, field trip, pickup…; pet care: intake, waiver…), each shared with every child of its
 * location, with about 60 entries in every state (the first form's list pages past 25) (submitted, approved, rejected, change requested
 * with its request, resubmitted), signed drawn or typed by a guardian with the SHA-256 the API
 * computes. The demo parent's first child has one form to fill and one change to make.
 */
export const formsStep: SeedStep = {
  name: 'forms',
  async run({ trx, faker, def, now, centre, files, locations, children, staff, ownerId }) {
    const locs = await locations();
    const kids = (await children()).filter((k) => !k.archived);
    if (!locs.length || !kids.length) return '0 forms';
    const owner = await ownerId();
    const managers = (await staff()).filter((s) => s.role === 'manager' || s.role === 'center');
    const reviewer = () => (managers.length ? faker.helpers.arrayElement(managers).id : owner);
    const guardians = new Map<string, { id: string; name: string }[]>();
    for (const r of await trx('student_users as su')
      .join('users as u', 'u.id', 'su.user_id')
      .whereIn('su.student_id', kids.map((k) => k.id))
      .select('su.student_id', 'u.id', 'u.fname', 'u.lname', 'u.username')
      .orderBy('u.id')) {
      const list = guardians.get(String(r.student_id)) ?? [];
      list.push({ id: String(r.id), name: `${r.fname} ${r.lname}` });
      guardians.set(String(r.student_id), list);
    }
    const demoParent = await trx('users').where({ username: 'parent' }).first('id');
    const demoKids = demoParent
      ? (await trx('student_users').where({ user_id: demoParent.id }).orderBy('student_id').pluck('student_id')).map(String)
      : [];
    const demoKid = kids.find((k) => demoKids.includes(k.id));
    // The demo family's location first: the parent meets most of the forms.
    const order = [...locs].sort((a, b) => Number(b.id === demoKid?.location_id) - Number(a.id === demoKid?.location_id));
    const signatures = await Promise.all([1, 2, 3].map(drawnSignature));
    const templates = templatesFor(def.kind).slice(0, FORMS);

    const formIds = await allocateIds(trx, 'forms', templates.length);
    const forms: Record<string, unknown>[] = [];
    const versions: Record<string, unknown>[] = [];
    const shares: Record<string, unknown>[] = [];
    const assignments: Record<string, unknown>[] = [];
    const submissions: Record<string, unknown>[] = [];
    const sigRows: Record<string, unknown>[] = [];
    const changes: Record<string, unknown>[] = [];
    /** Each entry with what its seal covers, for the attachments added last. */
    const sealed: { row: Record<string, unknown>; formId: string; fields: FormField[]; sigs: Signature[] }[] = [];
    const logs: Record<string, unknown>[] = [];
    const audits: Record<string, unknown>[] = [];
    const shareIds = await allocateIds(trx, 'form_shares', templates.length);

    for (const [i, t] of templates.entries()) {
      const formId = formIds[i]!;
      const loc = i < 5 ? order[0]! : order[i % order.length]!;
      const fields = templateFields(t);
      const created = new Date(now.getTime() - faker.number.int({ min: 40, max: 120 }) * DAY);
      forms.push({
        id: formId,
        location_id: loc.id,
        name: t.name,
        type: 'web',
        description: t.description,
        instructions: 'Please fill in every required field and sign at the end.',
        share_with: 'parents',
        template_id: t.id,
        version: 1,
        created_by: owner,
        created_at: created,
        updated_at: created,
      });
      versions.push({ form_id: formId, version: 1, fields, created_at: created });
      logs.push({ form_id: formId, action: 'created', user_id: owner, data: {}, created_at: created });
      audits.push(auditRow({ action: 'form.create', entity: 'form', entity_id: formId, location_id: loc.id, actor_user_id: owner, created_at: created }));

      const atLoc = kids.filter((k) => k.location_id === loc.id);
      const shared = new Date(created.getTime() + DAY);
      const due = new Date(now.getTime() + faker.number.int({ min: 7, max: 40 }) * DAY).toISOString().slice(0, 10);
      shares.push({ id: shareIds[i], form_id: formId, location_ids: [loc.id], program_ids: [], student_ids: [], due_date: due, shared_by: owner, created_at: shared });
      logs.push({ form_id: formId, action: 'shared', user_id: owner, data: { share: shareIds[i], students: atLoc.length }, created_at: shared });
      for (const k of atLoc) assignments.push({ form_id: formId, student_id: k.id, share_id: shareIds[i], due_date: due, created_at: shared });

      // Who fills it: the first form every family of its location but the demo child (theirs is to
      // fill), the others a few families with the demo child first; a few rejected older entries.
      const shuffled = faker.helpers.shuffle(atLoc.filter((k) => guardians.get(k.id)?.length && !(k.id === demoKid?.id && i === 0)));
      const fillers = [...shuffled.filter((k) => k.id === demoKid?.id), ...shuffled.filter((k) => k.id !== demoKid?.id)];
      const live = i === 0 ? fillers : fillers.slice(0, PER_FORM);
      const plan: { kid: (typeof kids)[number]; status: string }[] = live.map((kid, j) => ({
        kid,
        status: kid.id === demoKid?.id ? (i === 1 ? 'change_requested' : i === 2 ? 'submitted' : 'approved') : ROTATION[(j + i) % ROTATION.length]!,
      }));
      const rejected = i === 0 ? 4 : i % 3 === 0 ? 1 : 0;
      for (let r = 0; r < rejected && fillers.length; r++) plan.push({ kid: faker.helpers.arrayElement(fillers), status: 'rejected' });
      const subIds = await allocateIds(trx, 'form_submissions', plan.length);
      for (const [j, p] of plan.entries()) {
        const id = subIds[j]!;
        const signer = faker.helpers.arrayElement(guardians.get(p.kid.id)!);
        const values = valuesFor(fields, faker, now);
        const sigs = fields
          .filter((f) => f.type === 'signature')
          .map((f) =>
            faker.datatype.boolean(0.4)
              ? { field_id: f.id, method: 'drawn', image: faker.helpers.arrayElement(signatures), typed_name: null }
              : { field_id: f.id, method: 'typed', image: null, typed_name: signer.name },
          );
        const hash = signatureHash({ formId, version: 1, fields, values, signatures: sigs });
        const at = new Date(shared.getTime() + faker.number.int({ min: 1, max: Math.max(2, Math.floor((now.getTime() - shared.getTime()) / DAY) - 1) }) * DAY);
        const reviewed = p.status === 'submitted' ? null : new Date(at.getTime() + faker.number.int({ min: 2, max: 48 }) * 3_600_000);
        const by = reviewed ? reviewer() : null;
        const row: Record<string, unknown> = {
          id,
          form_id: formId,
          version: 1,
          student_id: p.kid.id,
          location_id: loc.id,
          status: p.status,
          values,
          hash,
          submitted_by: signer.id,
          submitted_at: p.status === 'resubmitted' ? new Date(reviewed!.getTime() + DAY) : at,
          reviewed_by: p.status === 'resubmitted' ? null : by,
          reviewed_at: p.status === 'resubmitted' ? null : reviewed,
          note: p.status === 'rejected' ? faker.helpers.arrayElement(['Wrong child selected.', 'Filled twice; the newer one counts.', 'Signed by someone who is not a guardian.']) : null,
          created_at: at,
          updated_at: reviewed ?? at,
        };
        submissions.push(row);
        sealed.push({ row, formId, fields, sigs });
        for (const s of sigs)
          sigRows.push({
            submission_id: id,
            ...s,
            signer_id: signer.id,
            signer_name: signer.name,
            consent_at: at,
            signed_at: at,
            ip: `203.0.113.${faker.number.int({ min: 2, max: 250 })}`,
            user_agent: faker.internet.userAgent().slice(0, 500),
            hash,
          });
        logs.push({ form_id: formId, submission_id: id, action: 'submitted', user_id: signer.id, data: { student: p.kid.id }, created_at: at });
        if (p.status === 'change_requested' || p.status === 'resubmitted') {
          changes.push({
            submission_id: id,
            change: faker.helpers.arrayElement(['Please add the second emergency contact.', 'The date is missing the year.', 'Please sign again with your full name.', 'Add the dose in millilitres.']),
            change_date: new Date(reviewed!.getTime() + 7 * DAY).toISOString().slice(0, 10),
            notes: faker.helpers.arrayElement([null, 'Thank you!', 'Ask at the front desk if unsure.']),
            requested_by: by,
            created_at: reviewed,
            resolved_at: p.status === 'resubmitted' ? new Date(reviewed!.getTime() + DAY) : null,
          });
          logs.push({ form_id: formId, submission_id: id, action: 'change_requested', user_id: by, data: {}, created_at: reviewed });
          if (p.status === 'resubmitted')
            logs.push({ form_id: formId, submission_id: id, action: 'resubmitted', user_id: signer.id, data: {}, created_at: new Date(reviewed!.getTime() + DAY) });
        } else if (reviewed) logs.push({ form_id: formId, submission_id: id, action: p.status, user_id: by, data: {}, created_at: reviewed });
      }
    }
    // The first form (the enrolment form) is also shared by link (guest /web-form/:formId/view). Drawn
    // last, so the draws above stay as they were.
    const linked = forms[0];
    if (linked) {
      const at = new Date((linked.created_at as Date).getTime() + DAY);
      Object.assign(linked, { link_key: faker.string.alphanumeric(43), link_shared_at: at, link_shared_by: owner });
      logs.push({ form_id: linked.id, action: 'link_on', user_id: owner, data: {}, created_at: at });
      audits.push(auditRow({ action: 'form.link_on', entity: 'form', entity_id: linked.id as string, location_id: linked.location_id as string, actor_user_id: owner, created_at: at }));
    }
    // Drawn after everything above, so it stays as it was.
    const attached = await attachFiles({ trx, faker, centre, files, kids }, sealed, sigRows);
    await insertMany(trx, 'files', attached);
    await insertMany(trx, 'forms', forms);
    await insertMany(trx, 'form_versions', versions);
    await insertMany(trx, 'form_shares', shares);
    await insertMany(trx, 'form_assignments', assignments);
    await insertMany(trx, 'form_submissions', submissions);
    await insertMany(trx, 'form_signatures', sigRows);
    await insertMany(trx, 'form_change_requests', changes);
    await insertMany(trx, 'form_logs', logs);
    await insertMany(trx, 'audit_log', audits);
    return `${forms.length} web forms, ${submissions.length} entries, ${sigRows.length} signatures, ${attached.length} attached files`;
  },
};

type Signature = { field_id: string; method: string; image: string | null; typed_name: string | null };

/**
 * The files families attached to the file fields (the pickup's photo ID, the pet medicine's vet
 * note): one per entry of such a form, stored through the files service's check as the
 * `form_attachment` of the entry's child its submitter uploaded (`checkAndStore`), its id the field's value. The entry's
 * seal (and its signatures') covers the value, so it is computed again. Answers the `files` rows.
 */
async function attachFiles(
  ctx: Pick<SeedContext, 'trx' | 'faker' | 'centre' | 'files'> & { kids: { id: string; fname: string; lname: string }[] },
  sealed: { row: Record<string, unknown>; formId: string; fields: FormField[]; sigs: Signature[] }[],
  sigRows: Record<string, unknown>[],
): Promise<Record<string, unknown>[]> {
  const { trx, faker, centre, files, kids } = ctx;
  const withFile = sealed.filter((e) => e.fields.some((f) => f.type === 'file'));
  if (!withFile.length) return [];
  if (!files || !centre.id) throw new Error('the forms’ attachments need the file store and the centre id (SeedOptions.files, centre.id)');
  const rules = await rulesOf(trx, purposeOf('form_attachment')!);
  const rows: Record<string, unknown>[] = [];
  for (const e of withFile) {
    const kid = kids.find((k) => k.id === e.row.student_id)!;
    const values = e.row.values as Record<string, string | string[]>;
    const at = new Date((e.row.created_at as Date).getTime() - 5 * 60_000);
    for (const f of e.fields.filter((x) => x.type === 'file')) {
      const id = faker.string.uuid();
      const bytes = textPdf(`${f.name}: ${kid.fname} ${kid.lname}`);
      const checked = await checkAndStore(files, centre.id, id, 'form_attachment', bytes, 'application/pdf', rules);
      if (!checked.ok) throw new Error(`the attachment of entry ${String(e.row.id)} was refused: ${checked.reason}`);
      rows.push({
        id,
        purpose: 'form_attachment',
        owner_id: e.row.student_id,
        ...checked.ready,
        original_name: `${f.name} - ${kid.fname} ${kid.lname}.pdf`,
        declared_type: 'application/pdf',
        declared_size: bytes.length,
        uploaded_by: e.row.submitted_by,
        upload_expires_at: new Date(at.getTime() + MAX_URL_SECONDS * 1000),
        checked_at: new Date(at.getTime() + 2000),
        created_at: at,
        updated_at: new Date(at.getTime() + 2000),
      });
      values[f.id] = id;
    }
    const hash = signatureHash({ formId: e.formId, version: 1, fields: e.fields, values, signatures: e.sigs });
    e.row.hash = hash;
    for (const s of sigRows) if (s.submission_id === e.row.id) s.hash = hash;
  }
  return rows;
}

function valuesFor(fields: FormField[], faker: Parameters<SeedStep['run']>[0]['faker'], now: Date): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const f of fields) {
    if (f.type === 'section' || f.type === 'signature' || f.type === 'file') continue;
    if (!f.required && faker.datatype.boolean(0.3)) continue;
    switch (f.type) {
      case 'text':
        out[f.id] = /phone/i.test(f.name)
          ? faker.string.numeric(10)
          : /contact|person|doctor|vet/i.test(f.name)
            ? `${faker.person.fullName()}${/phone|doctor|vet|contact/i.test(f.name) ? `, ${faker.string.numeric(10)}` : ''}`
            : faker.lorem.words({ min: 1, max: 3 });
        break;
      case 'textarea':
        out[f.id] = faker.lorem.sentence();
        break;
      case 'number':
        out[f.id] = String(faker.number.int({ min: 1, max: /kg/.test(f.name) ? 40 : 4 }));
        break;
      case 'date':
        out[f.id] = faker.date.soon({ days: 90, refDate: now }).toISOString().slice(0, 10);
        break;
      case 'select':
      case 'radio':
        out[f.id] = faker.helpers.arrayElement(f.options);
        break;
      case 'checkbox':
        out[f.id] = f.options.length ? faker.helpers.arrayElements(f.options) : f.required ? 'true' : String(faker.datatype.boolean());
        break;
    }
  }
  return out;
}
