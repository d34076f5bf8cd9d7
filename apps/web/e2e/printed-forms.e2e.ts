import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import { sign } from './support/signature';
import type { Journey } from './support/journey';

type Entry = { id: string; status: string; pdf_sha256: string | null; signed_pdf: { id: string; url: string | null } | null };

export const journeys: Journey[] = [
  {
    name: 'a manager opens a seeded printed form on its PDF; the demo parent fills and signs it at 375 px; the signed PDF ends with its certificate page',
    async run({ pageAs }) {
      // The manager: the printed forms tab, then the first form drawn with pdf.js and its field boxes.
      const manager = await pageAs(hosts.demo, 'manager');
      await manager.goto(`${hosts.demo}/forms/printed-forms`);
      await settled(manager);
      const link = manager.getByTestId('printed-link').filter({ hasText: 'Medication authorisation' }).first();
      await link.click();
      await manager.getByTestId('printed-form-page').waitFor();
      await manager.getByTestId('pdf-page-1').locator('canvas').waitFor();
      assert.ok((await manager.getByTestId('printed-field-box').count()) > 0, 'the fields are drawn on the PDF');
      const formId = manager.url().split('/printed-form/')[1]!.split(/[/?]/)[0]!;

      // The parent, on a phone: the form is in their forms list; fill it, consent, sign, send.
      const parent = await pageAs(hosts.demo, 'parent');
      await parent.setViewportSize({ width: 375, height: 800 });
      await parent.goto(`${hosts.demo}/user/students/forms`);
      await settled(parent);
      const row = parent
        .getByTestId('assigned-form')
        .filter({ hasText: 'Medication authorisation' })
        .filter({ has: parent.getByTestId('fill-form') })
        .first();
      await row.getByTestId('fill-form').click();
      await parent.getByTestId('printed-fill').waitFor();
      await parent.getByTestId('pdf-page-1').locator('canvas').waitFor();
      const texts = parent.locator('input[data-testid^="printed-field-"]:not([type="date"]):not([type="checkbox"])');
      for (let i = 0; i < (await texts.count()); i++) await texts.nth(i).fill(`Line ${i + 1} from the phone`);
      const dates = parent.locator('input[type="date"][data-testid^="printed-field-"]');
      for (let i = 0; i < (await dates.count()); i++) await dates.nth(i).fill('2026-12-01');
      await parent.getByTestId('esign-consent').first().check();
      await sign(parent);
      assert.equal(
        await parent.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        true,
        'nothing scrolls sideways at 375 px',
      );
      await parent.getByTestId('printed-submit').click();
      await parent.getByTestId('printed-signed').waitFor({ timeout: 60_000 });

      // The signed PDF: the blank form's pages plus the certificate page, sealed with its hash.
      const entries = await api<{ getCustomFormEntries: { data: Entry[] } }>(
        manager,
        'query($f: ID!) { getCustomFormEntries(form_id: $f, status: "submitted", first: 5) { data { id status pdf_sha256 signed_pdf { id url } } } }',
        { f: formId },
      );
      const entry = entries.getCustomFormEntries.data[0];
      assert.ok(entry?.signed_pdf?.url, 'the entry has its signed PDF');
      const form = await api<{ getSingleForm: { page_count: number } }>(
        manager,
        'query($id: ID!) { getSingleForm(id: $id) { page_count } }',
        { id: formId },
      );
      // Fetched by the page: Node does not resolve *.localhost, Chromium does.
      const res = await manager.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, bytes: Array.from(new Uint8Array(await response.arrayBuffer())) };
      }, entry.signed_pdf.url);
      assert.equal(res.status, 200);
      const doc = await PDFDocument.load(Uint8Array.from(res.bytes));
      assert.equal(doc.getPageCount(), form.getSingleForm.page_count + 1, 'the certificate page is appended');
      const verify = await api<{ verifySignedPdf: { valid: boolean; hash: string } }>(
        manager,
        'query($id: ID!) { verifySignedPdf(submission_id: $id) { valid hash } }',
        { id: entry.id },
      );
      assert.equal(verify.verifySignedPdf.valid, true);
      assert.ok(doc.getSubject()?.includes(verify.verifySignedPdf.hash), 'the PDF carries its seal');
    },
  },
];
