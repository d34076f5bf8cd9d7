import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { checkAndStore, PRINTED_FORM_PURPOSE, sealSubmission, signatureHash, type FormField } from '@kv/tenant-api';
import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';

const DAY = 86_400_000;
/** Signed submissions per centre, across its three printed forms. */
const SIGNED = 30;
const ROTATION = ['approved', 'approved', 'submitted', 'approved', 'change_requested', 'approved', 'resubmitted', 'submitted'] as const;

const round = (v: number) => Math.round(v * 10_000) / 10_000;

type Kind = 'text' | 'date' | 'checkbox' | 'signature';
interface Line {
  label: string;
  type: Kind;
  required?: boolean;
  /** Starts a new page before this line. */
  page?: boolean;
}
interface Paper {
  name: string;
  description: string;
  intro: string[];
  lines: Line[];
}

const CHILDCARE: Paper[] = [
  {
    name: 'Medication authorisation',
    description: 'Permission for staff to give a medicine, with dose and times (printed, signed).',
    intro: [
      'Staff give medicine only with this signed form, in its original container, labelled with the',
      "child's name. Prescription medicine follows the pharmacy label; the first dose is given at home.",
    ],
    lines: [
      { label: "Child's full name", type: 'text', required: true },
      { label: 'Medicine', type: 'text', required: true },
      { label: 'Dose and times', type: 'text', required: true },
      { label: 'First day', type: 'date', required: true },
      { label: 'Last day', type: 'date' },
      { label: 'Give with food', type: 'checkbox' },
      { label: 'Keep refrigerated', type: 'checkbox' },
      { label: 'Parent or guardian', type: 'text', required: true, page: true },
      { label: 'Signature', type: 'signature', required: true },
    ],
  },
  {
    name: 'Photo release',
    description: 'Where photos of the child may appear (printed, signed).',
    intro: ['We share photos of daily activities with each family in the app. Tick where else a photo of', 'your child may appear.'],
    lines: [
      { label: "Child's full name", type: 'text', required: true },
      { label: 'Centre newsletter', type: 'checkbox' },
      { label: 'Centre website', type: 'checkbox' },
      { label: 'Social media', type: 'checkbox' },
      { label: 'Date', type: 'date', required: true },
      { label: 'Signature', type: 'signature', required: true },
    ],
  },
  {
    name: 'Field trip permission',
    description: 'Permission for an outing away from the centre (printed, signed).',
    intro: ['Children travel with their room staff; ratios stay as in the room. Pack a water bottle and a hat.'],
    lines: [
      { label: "Child's full name", type: 'text', required: true },
      { label: 'Trip date', type: 'date', required: true },
      { label: 'Destination', type: 'text', required: true },
      { label: 'Allergies or needs', type: 'text' },
      { label: 'May travel by bus', type: 'checkbox' },
      { label: 'Signature', type: 'signature', required: true },
    ],
  },
];

const PETCARE: Paper[] = [
  {
    name: 'Boarding waiver',
    description: 'Release and emergency vet consent for a stay (printed, signed).',
    intro: [
      'Pets play in groups under staff watch. Minor scrapes can happen in play. In an emergency we go',
      'to the vet below, or the nearest one open.',
    ],
    lines: [
      { label: "Pet's name", type: 'text', required: true },
      { label: 'Vet and phone', type: 'text', required: true },
      { label: 'Arrival date', type: 'date', required: true },
      { label: 'Departure date', type: 'date', required: true },
      { label: 'Group play allowed', type: 'checkbox' },
      { label: 'Emergency vet consent', type: 'checkbox', required: true },
      { label: 'Owner', type: 'text', required: true, page: true },
      { label: 'Signature', type: 'signature', required: true },
    ],
  },
  {
    name: 'Vaccination declaration',
    description: 'Rabies, DHPP and Bordetella dates declared by the owner (printed, signed).',
    intro: ['Every guest needs current rabies, DHPP and Bordetella vaccines; attach the certificate too.'],
    lines: [
      { label: "Pet's name", type: 'text', required: true },
      { label: 'Rabies given', type: 'date', required: true },
      { label: 'DHPP given', type: 'date', required: true },
      { label: 'Bordetella given', type: 'date', required: true },
      { label: 'Signature', type: 'signature', required: true },
    ],
  },
  {
    name: 'Grooming consent',
    description: 'What the groomer may do (printed, signed).',
    intro: ['Matted coats are clipped short for comfort. Tick what we may do.'],
    lines: [
      { label: "Pet's name", type: 'text', required: true },
      { label: 'Bath and brush', type: 'checkbox' },
      { label: 'Nail trim', type: 'checkbox' },
      { label: 'Appointment', type: 'date', required: true },
      { label: 'Signature', type: 'signature', required: true },
    ],
  },
];

/**
 * A paper form as a letter-size PDF (pdf-lib): title, intro and one labelled line or box per field,
 * with the field placements (fractions of the page, origin top left) where those lines are.
 */
async function paperPdf(paper: Paper, centreName: string, made: Date): Promise<{ bytes: Buffer; fields: FormField[]; pages: number }> {
  // Dated by the seed's clock, not the wall clock: the same bytes every run.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setCreationDate(made);
  doc.setModificationDate(made);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const W = 612;
  const H = 792;
  const fields: FormField[] = [];
  let page = doc.addPage([W, H]);
  let n = 1;
  const head = (title: string) => {
    page.drawText(centreName, { x: 56, y: H - 56, size: 10, font, color: rgb(0.4, 0.4, 0.4) });
    page.drawText(title, { x: 56, y: H - 84, size: 20, font: bold });
    return H - 120;
  };
  let y = head(paper.name);
  for (const t of paper.intro) {
    page.drawText(t, { x: 56, y, size: 10, font });
    y -= 14;
  }
  y -= 20;
  for (const [i, line] of paper.lines.entries()) {
    if (line.page) {
      page = doc.addPage([W, H]);
      n++;
      y = head(`${paper.name} (continued)`);
    }
    const label = `${line.label}${line.required ? ' *' : ''}`;
    page.drawText(label, { x: 56, y, size: 11, font });
    const left = 230;
    if (line.type === 'checkbox') {
      page.drawRectangle({ x: left, y: y - 3, width: 14, height: 14, borderWidth: 1, borderColor: rgb(0, 0, 0) });
      fields.push(field(i, line, n, left, y - 3, 14, 14));
      y -= 34;
    } else if (line.type === 'signature') {
      page.drawLine({ start: { x: left, y: y - 4 }, end: { x: left + 300, y: y - 4 }, thickness: 0.8 });
      fields.push(field(i, line, n, left, y - 2, 300, 48));
      y -= 70;
    } else {
      const width = line.type === 'date' ? 140 : 300;
      page.drawLine({ start: { x: left, y: y - 4 }, end: { x: left + width, y: y - 4 }, thickness: 0.6 });
      fields.push(field(i, line, n, left, y - 3, width, 18));
      y -= 34;
    }
  }
  page.drawText('Filled and signed electronically: the signed copy ends with its certificate page.', {
    x: 56,
    y: 56,
    size: 8,
    font,
    color: rgb(0.4, 0.4, 0.4),
  });
  function field(i: number, line: Line, p: number, x: number, yBottom: number, w: number, h: number): FormField {
    return {
      id: `p${i + 1}`,
      name: line.label,
      type: line.type,
      required: Boolean(line.required),
      options: [],
      placement: { page: p, x: round(x / W), y: round((H - yBottom - h) / H), w: round(w / W), h: round(h / H) },
    };
  }
  return { bytes: Buffer.from(await doc.save()), fields, pages: n };
}

/** A drawn signature as the pad sends it (a PNG data URL). */
async function drawn(seed: number): Promise<string> {
  const y = (i: number) => 30 + Math.round(12 * Math.sin(i * 1.1 + seed));
  const path = Array.from({ length: 10 }, (_, i) => `${i ? 'L' : 'M'}${10 + i * 24} ${y(i)}`).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="60"><path d="${path}" stroke="#1b1f3b" stroke-width="3" fill="none" stroke-linecap="round"/></svg>`;
  return `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString('base64')}`;
}

/**
 * Three printed PDF forms per centre (child care: medication authorisation, photo release, field
 * trip permission; pet care: boarding waiver, vaccination declaration, grooming consent), each PDF
 * generated with pdf-lib and stored through the files service's `printed_form` check, fields
 * placed on its lines, shared with every child of its location; 30 signed submissions sealed
 * through the API's own signing code (`sealSubmission`: values and signatures written into the
 * PDF, flattened, certificate page, stored as `signed_pdf`, SHA-256 recorded). The demo parent's
 * first child has the first form still to sign.
 */
export const printedFormsStep: SeedStep = {
  name: 'printed-forms',
  async run({ trx, faker, def, now, centre, files, locations, children, staff, ownerId }) {
    if (!files || !centre.id) throw new Error('the printed forms need the file store and the centre id (SeedOptions.files, centre.id)');
    const centreId = centre.id;
    const locs = await locations();
    const kids = (await children()).filter((k) => !k.archived);
    if (!locs.length || !kids.length) return '0 printed forms';
    const owner = await ownerId();
    const managers = (await staff()).filter((s) => s.role === 'manager' || s.role === 'center');
    const guardians = new Map<string, { id: string; name: string }[]>();
    for (const r of await trx('student_users as su')
      .join('users as u', 'u.id', 'su.user_id')
      .whereIn(
        'su.student_id',
        kids.map((k) => k.id),
      )
      .where('su.black_list', false)
      .select('su.student_id', 'u.id', 'u.fname', 'u.lname')
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
    const home = locs.find((l) => l.id === demoKid?.location_id) ?? locs[0]!;
    const papers = def.kind === 'petcare' ? PETCARE : CHILDCARE;
    const sigImages = await Promise.all([1, 2, 3, 4].map(drawn));

    const formIds = await allocateIds(trx, 'forms', papers.length);
    const shareIds = await allocateIds(trx, 'form_shares', papers.length);
    const out = {
      forms: [] as object[],
      versions: [] as object[],
      shares: [] as object[],
      assignments: [] as object[],
      files: [] as object[],
    };
    const subs: Record<string, unknown>[] = [];
    const sigRows: Record<string, unknown>[] = [];
    const changes: Record<string, unknown>[] = [];
    const logs: Record<string, unknown>[] = [];
    const audits: Record<string, unknown>[] = [];
    let signed = 0;

    for (const [i, paper] of papers.entries()) {
      const formId = formIds[i]!;
      // All three at the demo family's location: the parent meets them.
      const loc = home;
      const created = new Date(now.getTime() - faker.number.int({ min: 30, max: 90 }) * DAY);
      const pdf = await paperPdf(paper, def.name, created);
      const fileId = faker.string.uuid();
      const checked = await checkAndStore(files, centreId, fileId, PRINTED_FORM_PURPOSE, pdf.bytes, 'application/pdf');
      if (!checked.ok) throw new Error(`printed form PDF refused: ${checked.reason}`);
      out.files.push({
        id: fileId,
        purpose: PRINTED_FORM_PURPOSE,
        owner_id: loc.id,
        ...checked.ready,
        original_name: `${paper.name}.pdf`,
        declared_type: 'application/pdf',
        declared_size: pdf.bytes.length,
        uploaded_by: owner,
        upload_expires_at: created,
        checked_at: created,
        created_at: created,
        updated_at: created,
      });
      out.forms.push({
        id: formId,
        location_id: loc.id,
        name: paper.name,
        type: 'printed',
        description: paper.description,
        instructions: 'Fill in the lines, tick what applies and sign at the end.',
        share_with: 'parents',
        version: 1,
        created_by: owner,
        created_at: created,
        updated_at: created,
      });
      out.versions.push({ form_id: formId, version: 1, fields: pdf.fields, file_id: fileId, page_count: pdf.pages, created_at: created });
      logs.push({ form_id: formId, action: 'created', user_id: owner, data: {}, created_at: created });
      audits.push(
        auditRow({
          action: 'form.create',
          entity: 'form',
          entity_id: formId,
          location_id: loc.id,
          actor_user_id: owner,
          created_at: created,
        }),
      );

      const atLoc = kids.filter((k) => k.location_id === loc.id);
      const sharedAt = new Date(created.getTime() + DAY);
      const due = new Date(now.getTime() + faker.number.int({ min: 10, max: 30 }) * DAY).toISOString().slice(0, 10);
      out.shares.push({
        id: shareIds[i],
        form_id: formId,
        location_ids: [loc.id],
        program_ids: [],
        student_ids: [],
        due_date: due,
        shared_by: owner,
        created_at: sharedAt,
      });
      logs.push({
        form_id: formId,
        action: 'shared',
        user_id: owner,
        data: { share: shareIds[i], students: atLoc.length },
        created_at: sharedAt,
      });
      for (const k of atLoc)
        out.assignments.push({ form_id: formId, student_id: k.id, share_id: shareIds[i], due_date: due, created_at: sharedAt });

      // Ten families sign each form (the demo child: not the first, approved on the others).
      const share = i === papers.length - 1 ? SIGNED - signed : Math.round(SIGNED / papers.length);
      const pool = faker.helpers.shuffle(atLoc.filter((k) => guardians.get(k.id)?.length && !(k.id === demoKid?.id && i === 0)));
      const fillers = [...pool.filter((k) => k.id === demoKid?.id), ...pool.filter((k) => k.id !== demoKid?.id)].slice(0, share);
      const ids = await allocateIds(trx, 'form_submissions', fillers.length);
      for (const [j, kid] of fillers.entries()) {
        const id = ids[j]!;
        const status = kid.id === demoKid?.id ? 'approved' : ROTATION[(i + j) % ROTATION.length]!;
        const signer = faker.helpers.arrayElement(guardians.get(kid.id)!);
        const at = new Date(
          sharedAt.getTime() +
            faker.number.int({ min: 1, max: Math.max(2, Math.floor((now.getTime() - sharedAt.getTime()) / DAY) - 2) }) * DAY,
        );
        const values: Record<string, string> = {};
        for (const f of pdf.fields) {
          if (f.type === 'signature') continue;
          if (f.type === 'checkbox') values[f.id] = f.required ? 'true' : String(faker.datatype.boolean());
          else if (f.type === 'date') values[f.id] = faker.date.soon({ days: 60, refDate: at }).toISOString().slice(0, 10);
          else if (/child|pet/i.test(f.name)) values[f.id] = `${kid.fname} ${kid.lname}`;
          else if (/parent|owner|guardian/i.test(f.name)) values[f.id] = signer.name;
          else if (/medicine/i.test(f.name))
            values[f.id] = faker.helpers.arrayElement([
              'Amoxicillin 250 mg/5 ml',
              'Children’s paracetamol',
              'Cetirizine syrup',
              'Salbutamol inhaler',
            ]);
          else if (/dose/i.test(f.name))
            values[f.id] = faker.helpers.arrayElement(['5 ml at 12:00', '2 puffs when wheezy', '2.5 ml after lunch']);
          else if (/vet/i.test(f.name)) values[f.id] = `${faker.person.lastName()} Vet Clinic, ${faker.string.numeric(10)}`;
          else if (/destination/i.test(f.name))
            values[f.id] = faker.helpers.arrayElement(['City library', 'Riverside farm', 'Science museum']);
          else if (f.required || faker.datatype.boolean())
            values[f.id] = faker.helpers.arrayElement(['None', 'Peanut allergy', 'Needs a nap after lunch']);
        }
        const sigField = pdf.fields.find((f) => f.type === 'signature')!;
        const sig = faker.datatype.boolean(0.6)
          ? { field_id: sigField.id, method: 'drawn' as const, image: faker.helpers.arrayElement(sigImages), typed_name: null }
          : { field_id: sigField.id, method: 'typed' as const, image: null, typed_name: signer.name };
        const hash = signatureHash({ formId, version: 1, fields: pdf.fields, values, signatures: [sig] });
        const ip = `203.0.113.${faker.number.int({ min: 2, max: 250 })}`;
        const ua = faker.internet.userAgent().slice(0, 500);
        const sealed = await sealSubmission(files, centreId, {
          template: pdf.bytes,
          fields: pdf.fields,
          values,
          signatures: [sig],
          certificate: {
            formName: paper.name,
            formId,
            version: 1,
            submissionId: id,
            studentName: `${kid.fname} ${kid.lname}`,
            signerName: signer.name,
            signedAt: at,
            consentAt: at,
            ip,
            userAgent: ua,
            hash,
          },
        }, faker.string.uuid());
        out.files.push({
          ...sealed.row,
          variants: JSON.parse(sealed.row.variants),
          owner_id: id,
          uploaded_by: signer.id,
          original_name: `${paper.name} - ${kid.fname} ${kid.lname} (signed).pdf`,
          checked_at: at,
          upload_expires_at: at,
          created_at: at,
          updated_at: at,
        });
        const reviewed =
          status === 'submitted' || status === 'resubmitted'
            ? null
            : new Date(at.getTime() + faker.number.int({ min: 2, max: 40 }) * 3_600_000);
        const reviewer = managers.length ? faker.helpers.arrayElement(managers).id : owner;
        subs.push({
          id,
          form_id: formId,
          version: 1,
          student_id: kid.id,
          location_id: loc.id,
          status,
          values,
          hash,
          submitted_by: signer.id,
          submitted_at: at,
          reviewed_by: reviewed ? reviewer : null,
          reviewed_at: reviewed,
          signed_file_id: sealed.row.id,
          pdf_sha256: sealed.sha256,
          created_at: at,
          updated_at: reviewed ?? at,
        });
        sigRows.push({
          submission_id: id,
          ...sig,
          signer_id: signer.id,
          signer_name: signer.name,
          consent_at: at,
          signed_at: at,
          ip,
          user_agent: ua,
          hash,
        });
        logs.push({
          form_id: formId,
          submission_id: id,
          action: status === 'resubmitted' ? 'resubmitted' : 'submitted',
          user_id: signer.id,
          data: { student: kid.id, pdf: sealed.sha256 },
          created_at: at,
        });
        if (status === 'change_requested') {
          changes.push({
            submission_id: id,
            change: faker.helpers.arrayElement([
              'Please add the last day.',
              'Sign with your full name, please.',
              'The dose needs the time of day.',
            ]),
            change_date: new Date(now.getTime() + 7 * DAY).toISOString().slice(0, 10),
            requested_by: reviewer,
            created_at: reviewed,
          });
          logs.push({ form_id: formId, submission_id: id, action: 'change_requested', user_id: reviewer, data: {}, created_at: reviewed });
        } else if (reviewed)
          logs.push({ form_id: formId, submission_id: id, action: status, user_id: reviewer, data: {}, created_at: reviewed });
        audits.push(
          auditRow({
            action: `form.${status === 'resubmitted' ? 'resubmitted' : 'submitted'}`,
            entity: 'form_submission',
            entity_id: id,
            location_id: loc.id,
            actor_user_id: signer.id,
            created_at: at,
            data: { form: formId, student: kid.id, version: 1, hash, pdf_sha256: sealed.sha256 },
          }),
        );
        signed++;
      }
    }
    await insertMany(trx, 'files', out.files as Record<string, unknown>[]);
    await insertMany(trx, 'forms', out.forms as Record<string, unknown>[]);
    await insertMany(trx, 'form_versions', out.versions as Record<string, unknown>[]);
    await insertMany(trx, 'form_shares', out.shares as Record<string, unknown>[]);
    await insertMany(trx, 'form_assignments', out.assignments as Record<string, unknown>[]);
    await insertMany(trx, 'form_submissions', subs);
    await insertMany(trx, 'form_signatures', sigRows);
    await insertMany(trx, 'form_change_requests', changes);
    await insertMany(trx, 'form_logs', logs);
    await insertMany(trx, 'audit_log', audits);
    return `${papers.length} printed forms, ${subs.length} signed PDFs`;
  },
};
