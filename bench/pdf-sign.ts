import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { forCentre, LocalFileStore } from '@kv/files';
import { sealSubmission, signatureHash, type FormField } from '@kv/tenant-api';
import type { Benchmark } from './lib/context.ts';
import { figure } from './lib/context.ts';
import { median } from './lib/load.ts';

const PAGES = 5;
const ROUNDS = 10;

/** A 5-page letter-size form: 6 text and date lines and 2 boxes a page, a signature on the last. */
async function fixture() {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const fields: FormField[] = [];
  for (let p = 1; p <= PAGES; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Enrolment pack, page ${p}`, { x: 56, y: 740, size: 18, font });
    for (let i = 0; i < 8; i++) {
      const y = 680 - i * 60;
      page.drawText(`Line ${i + 1}`, { x: 56, y, size: 11, font });
      const type = i < 4 ? 'text' : i < 6 ? 'date' : 'checkbox';
      fields.push({
        id: `p${p}f${i}`,
        name: `Line ${i + 1}`,
        type,
        required: false,
        options: [],
        placement: { page: p, x: 230 / 612, y: (792 - y - 16) / 792, w: (type === 'checkbox' ? 14 : 280) / 612, h: 16 / 792 },
      });
    }
  }
  fields.push({
    id: 'sig',
    name: 'Signature',
    type: 'signature',
    required: true,
    options: [],
    placement: { page: PAGES, x: 0.37, y: 0.85, w: 0.45, h: 0.07 },
  });
  const values: Record<string, string> = {};
  for (const f of fields)
    if (f.type !== 'signature')
      values[f.id] = f.type === 'checkbox' ? 'true' : f.type === 'date' ? '2026-09-01' : 'Ada Lovelace, 0123456789';
  const png = await sharp({ create: { width: 400, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([
      {
        input: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><path d="M10 60 C 80 10, 120 90, 200 40 S 320 80, 390 30" stroke="#123" stroke-width="4" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const image = `data:image/png;base64,${png.toString('base64')}`;
  return { template: Buffer.from(await doc.save()), fields, values, image };
}

/**
 * Filling and signing a 5-page printed form (41 fields and a drawn signature) as the API does it:
 * `sealSubmission` writes the values and the signature into the PDF, flattens it, appends the
 * certificate page, hashes it and stores it through the files service's `signed_pdf` check
 * (LocalFileStore) — against bare pdf-lib drawing the same values and image into the same PDF and
 * saving it. Median of 10 each, in process (ms per PDF).
 */
export const pdfSign: Benchmark = {
  name: 'pdf-sign',
  title: 'fill and sign a 5-page printed form vs bare pdf-lib',
  async run(ctx) {
    const root = await mkdtemp(path.join(tmpdir(), 'kv-bench-pdf-'));
    try {
      const store = forCentre(new LocalFileStore({ root, secret: 'bench-pdf-sign-secret-0123456789' }), '1');
      const f = await fixture();
      const signatures = [{ field_id: 'sig', method: 'drawn' as const, image: f.image, typed_name: null }];
      const ours = async () => {
        const t0 = performance.now();
        const hash = signatureHash({ formId: '1', version: 1, fields: f.fields, values: f.values, signatures });
        await sealSubmission(store, '1', {
          template: f.template,
          fields: f.fields,
          values: f.values,
          signatures,
          certificate: {
            formName: 'Enrolment pack',
            formId: '1',
            version: 1,
            submissionId: '1',
            studentName: 'Ada Lovelace',
            signerName: 'Grace Hopper',
            signedAt: new Date(),
            consentAt: new Date(),
            ip: '127.0.0.1',
            userAgent: 'bench',
            hash,
          },
        });
        return performance.now() - t0;
      };
      const bare = async () => {
        const t0 = performance.now();
        const doc = await PDFDocument.load(f.template);
        const font = await doc.embedFont(StandardFonts.Helvetica);
        const pages = doc.getPages();
        for (const field of f.fields) {
          const p = field.placement!;
          const page = pages[p.page - 1]!;
          const { width, height } = page.getSize();
          const x = p.x * width;
          const y = height - (p.y + p.h) * height;
          if (field.type === 'signature') {
            const img = await doc.embedPng(Buffer.from(f.image.split(',')[1]!, 'base64'));
            page.drawImage(img, { x, y, width: p.w * width, height: p.h * height });
          } else if (field.type === 'checkbox') page.drawText('X', { x: x + 2, y: y + 2, size: 10, font, color: rgb(0, 0, 0) });
          else page.drawText(f.values[field.id]!, { x: x + 2, y: y + 3, size: 10, font });
        }
        await doc.save();
        return performance.now() - t0;
      };
      await ours();
      await bare();
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        a.push(await ours());
        b.push(await bare());
      }
      ctx.log(
        `  fill and sign: median ${median(a).toFixed(1)} ms; bare pdf-lib: median ${median(b).toFixed(1)} ms (${ROUNDS} rounds each)`,
      );
      return [
        figure(
          'pdf-sign',
          `sealSubmission, ${PAGES}-page form, ${f.fields.length} fields (ms, median of ${ROUNDS})`,
          median(a),
          median(b),
          'bare pdf-lib filling the same fields',
          'ms',
        ),
      ];
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  },
};
