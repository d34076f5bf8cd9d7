import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { FormField, Placement } from './templates.ts';

/** Field types a printed form places on its pages. */
export const PRINTED_FIELD_TYPES = ['text', 'date', 'checkbox', 'signature'] as const;
export type PrintedFieldType = (typeof PRINTED_FIELD_TYPES)[number];

export interface SealSignature {
  field_id: string;
  method: 'drawn' | 'typed' | string;
  image?: string | null;
  typed_name?: string | null;
}

/** What the certificate page states (who, when, from where, and the seal). */
export interface Certificate {
  formName: string;
  formId: string;
  version: number;
  submissionId: string;
  studentName: string;
  signerName: string;
  signedAt: Date;
  consentAt: Date;
  ip: string | null;
  userAgent: string | null;
  /** SHA-256 over the form version, every value and each signature image (`signatureHash`). */
  hash: string;
}

export interface SealInput {
  /** The printed form's blank PDF. */
  template: Uint8Array;
  fields: FormField[];
  values: Record<string, string | string[]>;
  signatures: SealSignature[];
  certificate: Certificate;
}

/** The heading of the page every signed PDF ends with (tests and verification look for it). */
export const CERTIFICATE_TITLE = 'Certificate of electronic signature';

/** Standard fonts encode WinAnsi only: other characters are shown as "?" rather than failing. */
const printable = (v: string) => v.replace(/[\r\n\t]+/g, ' ').replace(/[^\x20-\x7E\xA0-\xFF]/g, '?');

/** The largest size ≤ `max` at which `text` fits `width` (never below 5 pt). */
function fitSize(font: PDFFont, text: string, width: number, max: number): number {
  let size = max;
  while (size > 5 && font.widthOfTextAtSize(text, size) > width) size -= 0.5;
  return size;
}

/** A box as fractions of the page, in PDF points (origin bottom left). */
function boxOf(page: PDFPage, p: Placement) {
  const { width, height } = page.getSize();
  const w = p.w * width;
  const h = p.h * height;
  return { x: p.x * width, y: height - p.y * height - h, w, h };
}

function drawText(page: PDFPage, font: PDFFont, raw: string, p: Placement) {
  const b = boxOf(page, p);
  let text = printable(raw);
  const size = fitSize(font, text, Math.max(b.w - 4, 1), Math.min(b.h * 0.72, 12));
  while (text.length > 1 && font.widthOfTextAtSize(text, size) > b.w - 4) text = text.slice(0, -1);
  page.drawText(text, { x: b.x + 2, y: b.y + Math.max((b.h - size) / 2, 0) + size * 0.22, size, font, color: rgb(0.05, 0.05, 0.2) });
}

function drawCheck(page: PDFPage, p: Placement) {
  const b = boxOf(page, p);
  const s = Math.min(b.w, b.h) * 0.8;
  const x = b.x + (b.w - s) / 2;
  const y = b.y + (b.h - s) / 2;
  const thickness = Math.max(s / 8, 0.8);
  const color = rgb(0.05, 0.05, 0.2);
  page.drawLine({ start: { x, y }, end: { x: x + s, y: y + s }, thickness, color });
  page.drawLine({ start: { x, y: y + s }, end: { x: x + s, y }, thickness, color });
}

/** Wraps text to lines of at most `width` points. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of printable(text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) line = next;
    else {
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

const stamp = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

/**
 * Fills a printed form's PDF: each placed field's value written in its box (text and dates, an X
 * for a ticked box), each signature drawn (the PNG fitted to its box) or typed; the PDF's own form
 * fields flattened; then the certificate page appended (form and version, child, signer, time, IP,
 * user agent, each signature's method and the SHA-256 seal). Answers the new PDF's bytes.
 */
export async function sealPrintedPdf(input: SealInput): Promise<Uint8Array> {
  const doc = await PDFDocument.load(input.template, { updateMetadata: false });
  try {
    doc.getForm().flatten();
  } catch {
    // A PDF whose own form cannot be flattened keeps it; the values are drawn over the page.
  }
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const italic = await doc.embedFont(StandardFonts.HelveticaOblique);
  const pages = doc.getPages();
  const sigs = new Map(input.signatures.map((s) => [String(s.field_id), s]));

  for (const field of input.fields) {
    const p = field.placement;
    if (!p || p.page < 1 || p.page > pages.length) continue;
    const page = pages[p.page - 1]!;
    if (field.type === 'signature') {
      const s = sigs.get(field.id);
      if (!s) continue;
      if (s.method === 'drawn' && s.image) {
        const png = await doc.embedPng(Buffer.from(s.image.replace(/^data:image\/png;base64,/, ''), 'base64'));
        const b = boxOf(page, p);
        const k = Math.min(b.w / png.width, b.h / png.height);
        const w = png.width * k;
        const h = png.height * k;
        page.drawImage(png, { x: b.x + (b.w - w) / 2, y: b.y + (b.h - h) / 2, width: w, height: h });
      } else if (s.typed_name) drawText(page, italic, s.typed_name, p);
      continue;
    }
    const v = input.values[field.id];
    if (v === undefined || v === null) continue;
    if (field.type === 'checkbox') {
      if (v === 'true' || (Array.isArray(v) && v.length)) drawCheck(page, p);
      continue;
    }
    drawText(page, font, Array.isArray(v) ? v.join(', ') : String(v), p);
  }

  // The certificate page (US Letter).
  const c = input.certificate;
  const page = doc.addPage([612, 792]);
  const left = 56;
  const width = 612 - left * 2;
  let y = 730;
  const line = (label: string, value: string) => {
    page.drawText(printable(label), { x: left, y, size: 10, font: bold });
    const rows = wrap(font, value, 10, width - 130);
    for (const [i, r] of rows.entries()) page.drawText(r, { x: left + 130, y: y - i * 13, size: 10, font });
    y -= Math.max(rows.length, 1) * 13 + 6;
  };
  page.drawText(CERTIFICATE_TITLE, { x: left, y, size: 18, font: bold });
  y -= 30;
  for (const r of wrap(
    font,
    'The person named below agreed to sign electronically (ESIGN Act) and signed this form. The SHA-256 seal covers the form version, every value and each signature image; any change to them gives another seal.',
    9,
    width,
  )) {
    page.drawText(r, { x: left, y, size: 9, font, color: rgb(0.3, 0.3, 0.3) });
    y -= 12;
  }
  y -= 12;
  line('Form', `${c.formName} (form ${c.formId}, version ${c.version})`);
  line('Submission', c.submissionId);
  line('Child', c.studentName);
  line('Signed by', c.signerName);
  line('Consent given', stamp(c.consentAt));
  line('Signed at', stamp(c.signedAt));
  line('IP address', c.ip ?? 'unknown');
  line('User agent', c.userAgent ?? 'unknown');
  const named = new Map(input.fields.map((f) => [f.id, f.name]));
  for (const s of input.signatures)
    line(
      'Signature',
      `${named.get(String(s.field_id)) ?? s.field_id}: ${s.method === 'drawn' ? `drawn (image SHA-256 ${s.image ? createHash('sha256').update(s.image).digest('hex') : '-'})` : `typed "${s.typed_name ?? ''}"`}`,
    );
  line('SHA-256 seal', c.hash);

  doc.setTitle(`${printable(c.formName)} - signed`);
  doc.setSubject(`SHA-256 ${c.hash}`);
  doc.setProducer('KidsVision printed forms');
  doc.setCreationDate(c.signedAt);
  doc.setModificationDate(c.signedAt);
  return doc.save();
}

/** The SHA-256 (hex) of a PDF's bytes, recorded with the submission. */
export const pdfSha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A PDF's page count (a printed form's version records it). */
export async function pageCount(bytes: Uint8Array): Promise<number> {
  return (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
}
