import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { textPdf } from '../../../scripts/lib/seed/text-pdf';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import { sign } from './support/signature';
import type { Journey } from './support/journey';

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

type Entry = { id: string; status: string; student: { fname: string } };

async function entries(manager: Page, formId: string): Promise<Entry[]> {
  const r = await api<{ getCustomFormEntries: { data: Entry[] } }>(
    manager,
    'query($f: ID!) { getCustomFormEntries(form_id: $f, first: 25) { data { id status student { fname } } } }',
    { f: formId },
  );
  return r.getCustomFormEntries.data;
}

/** The demo parent (tenants/demo.json): Olivia Bennett; Emma is in Downtown's Preschool room. */
async function openParentForm(parent: Page, formName: string): Promise<void> {
  await parent.goto(`${hosts.demo}/user/students/forms`);
  await settled(parent);
  const row = parent
    .getByTestId('child-forms')
    .filter({ hasText: 'Emma' })
    .getByTestId('assigned-form')
    .filter({ hasText: formName })
    .first();
  await row.getByTestId('fill-form').click();
  await parent.getByTestId('fill-page').waitFor();
}

export const journeys: Journey[] = [
  {
    name: 'a manager builds a web form with a file and a signature and shares it with a room; the demo parent attaches a PDF and signs it at 375 px; change requested, resubmitted, approved; the guest link shows the form read-only',
    async run({ pageAs, newPage, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const { dropdownLocations } = await api<{ dropdownLocations: { id: string; name: string }[] }>(manager, '{ dropdownLocations { id name } }');
      const downtown = dropdownLocations.find((l) => l.name === 'Downtown');
      assert.ok(downtown, 'Downtown not found');
      await manager.evaluate((value) => localStorage.setItem('current_location', value), JSON.stringify(downtown));
      const formName = `Field trip permission ${Date.now().toString(36)}`;

      // The manager builds the form: a blank web form, a text field, a required file and a required signature.
      await manager.goto(`${hosts.demo}/forms/web-forms`);
      await settled(manager);
      await manager.getByTestId('form-create').click();
      await manager.getByTestId('form-name').fill(formName);
      await manager.getByTestId('form-create-save').click();
      await manager.getByTestId('web-form-edit').waitFor();
      await manager.waitForURL(/\/web-form\/\d+\/edit/);
      const formId = manager.url().split('/web-form/')[1]!.split('/')[0]!;
      try {
        await manager.getByTestId('field-name').fill('Emergency phone');
        await manager.getByTestId('field-add').click();
        await manager.getByTestId('builder-field').filter({ hasText: 'Emergency phone' }).waitFor();
        await manager.getByTestId('field-name').fill('Photo ID');
        await manager.getByTestId('field-type').click();
        await manager.getByRole('option', { name: 'File', exact: true }).click();
        await manager.getByTestId('field-required').click();
        await manager.getByTestId('field-add').click();
        await manager.getByTestId('builder-field').filter({ hasText: 'Photo ID' }).waitFor();
        await manager.getByTestId('field-name').fill('Parent signature');
        await manager.getByTestId('field-type').click();
        await manager.getByRole('option', { name: 'Signature', exact: true }).click();
        // The switch keeps its state from the last field added (the file's).
        if (!(await manager.getByTestId('field-required').isChecked())) await manager.getByTestId('field-required').click();
        assert.equal(await manager.getByTestId('field-required').isChecked(), true, 'the signature is required');
        await manager.getByTestId('field-add').click();
        await manager.getByTestId('builder-field').filter({ hasText: 'Parent signature' }).waitFor();
        assert.equal(await manager.getByTestId('builder-field').count(), 3);

        // Shared with the Preschool room (Emma's), with a due date; then the guest link turned on.
        await manager.goto(`${hosts.demo}/web-form/${formId}/share`);
        await settled(manager);
        await manager.getByTestId('share-rooms').click({ force: true });
        await manager.getByRole('option', { name: 'Preschool', exact: true }).click();
        await manager.keyboard.press('Escape');
        await manager.getByTestId('share-due').fill('2026-12-31');
        await manager.getByTestId('share-send').click();
        await manager.getByText(/^Form shared with \d+ famil/).first().waitFor();
        await manager.getByTestId('form-link-enabled').click();
        const link = manager.getByTestId('form-link-url');
        await link.waitFor();
        const url = await link.getAttribute('href');
        assert.ok(url && /\/web-form\/\d+\/view\?key=[A-Za-z0-9_-]{43}$/.test(url), `the guest link: ${url}`);
        await checkA11y(manager, 'web form share');

        // The parent, on a phone: fill, consent, sign, send.
        const parent = await pageAs(hosts.demo, 'parent', { viewport: 'phone' });
        await openParentForm(parent, formName);
        await parent.getByLabel('Emergency phone').fill('(217) 555-0111');
        // The file goes through the upload pipeline (signed form, check) before the form is sent.
        await parent.locator('input[type="file"]').setInputFiles({ name: 'grandma-id.pdf', mimeType: 'application/pdf', buffer: textPdf('Photo ID: Rose Bennett') });
        await parent.locator('[data-testid^="attached-"]').filter({ hasText: 'grandma-id.pdf' }).waitFor({ timeout: 60_000 });
        await parent.getByTestId('esign-consent').check();
        await sign(parent);
        assert.equal(await noSideScroll(parent), true, 'nothing scrolls sideways at 375 px');
        await parent.getByTestId('fill-submit').click();
        await parent.getByTestId('parent-forms').waitFor();
        let [entry] = await entries(manager, formId);
        assert.equal(entry?.status, 'submitted');
        assert.equal(entry?.student.fname, 'Emma');

        // The manager asks for a change.
        await manager.goto(`${hosts.demo}/web-form/${formId}/${entry!.id}/view_entry`);
        await settled(manager);
        await manager.getByTestId('signature-record').first().waitFor();
        // The attachment opens through its signed URL.
        const attached = manager.getByTestId('attached-file').filter({ hasText: 'grandma-id.pdf' });
        const href = await attached.getAttribute('href');
        assert.ok(href, 'the attachment has a signed URL');
        // Fetched by the page: Node does not resolve *.localhost, Chromium does.
        const pdf = await manager.evaluate(async (url) => {
          const response = await fetch(url);
          return { status: response.status, head: new TextDecoder().decode((await response.arrayBuffer()).slice(0, 5)) };
        }, href!);
        assert.deepEqual(pdf, { status: 200, head: '%PDF-' });
        await manager.getByTestId('review-change').click();
        await manager.getByTestId('change-what').fill('Please give a mobile number we can reach during the trip.');
        await manager.getByTestId('change-save').click();
        await manager.getByTestId('web-form-entries').waitFor();
        [entry] = await entries(manager, formId);
        assert.equal(entry?.status, 'change_requested');

        // The parent sees the request, changes the number, signs again and resubmits.
        await openParentForm(parent, formName);
        await parent.getByTestId('change-request').getByText(/mobile number/).waitFor();
        const phone = parent.getByLabel('Emergency phone');
        assert.equal(await phone.inputValue(), '(217) 555-0111', 'the entry keeps its values');
        await parent.locator('[data-testid^="attached-"]').filter({ hasText: 'grandma-id.pdf' }).waitFor();
        await phone.fill('(217) 555-0199');
        await parent.getByTestId('esign-consent').check();
        await sign(parent);
        assert.equal(await noSideScroll(parent), true, 'nothing scrolls sideways at 375 px');
        await parent.getByTestId('fill-submit').click();
        await parent.getByTestId('parent-forms').waitFor();
        [entry] = await entries(manager, formId);
        assert.equal(entry?.status, 'resubmitted');

        // The manager approves it.
        await manager.goto(`${hosts.demo}/web-form/${formId}/${entry!.id}/view_entry`);
        await settled(manager);
        await manager.getByTestId('review-approve').click();
        await manager.getByTestId('web-form-entries').waitFor();
        [entry] = await entries(manager, formId);
        assert.equal(entry?.status, 'approved');
        const detail = await api<{ getSingleSubmissionDetail: { fields: { name: string; value: string | null }[]; signatures: { signer_name: string }[] } }>(
          manager,
          'query($id: ID!) { getSingleSubmissionDetail(id: $id) { fields { name value } signatures { signer_name } } }',
          { id: entry!.id },
        );
        assert.equal(detail.getSingleSubmissionDetail.fields.find((f) => f.name === 'Emergency phone')?.value, '(217) 555-0199');
        assert.equal(detail.getSingleSubmissionDetail.signatures.length, 1, 'signed again on resubmission');

        // A guest opens the link: the form read-only at 375 and 1024 px, none of the family's answers.
        const guest = await newPage({ viewport: 'phone' });
        await guest.goto(url!);
        await guest.getByTestId('web-form-preview').waitFor();
        await guest.getByRole('heading', { name: formName }).waitFor();
        await guest.getByTestId('web-form-preview').getByText('Parent signature').waitFor();
        assert.equal(await guest.getByLabel('Emergency phone').isDisabled(), true, 'read-only');
        assert.equal(await guest.getByText('555-0199').count(), 0, 'no entry shows');
        assert.equal(await noSideScroll(guest), true, 'nothing scrolls sideways at 375 px');
        await checkA11y(guest, 'web form preview (guest)');
        await guest.setViewportSize({ width: 1024, height: 800 });
        assert.equal(await noSideScroll(guest), true, 'nothing scrolls sideways at 1024 px');
        // A changed key, or the link turned off: not available.
        await guest.goto(url!.replace(/key=./, (k) => (k.endsWith('A') ? 'key=B' : 'key=A')));
        await guest.getByTestId('web-form-preview-missing').waitFor();
        await api(manager, 'mutation($id: ID!) { setFormLink(id: $id, enabled: false) { status } }', { id: formId });
        await guest.goto(url!);
        await guest.getByTestId('web-form-preview-missing').waitFor();
      } finally {
        await api(manager, 'mutation($id: ID!) { deleteForm(id: $id) { status } }', { id: formId });
      }
    },
  },
];
