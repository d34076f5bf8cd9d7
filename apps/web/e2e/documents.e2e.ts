import assert from 'node:assert/strict';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';
import { textPdf } from '../../../scripts/lib/seed/text-pdf';


type Gap = { source_id: string; student_id: string; reason: string };

export const journeys: Journey[] = [
  {
    name: 'a manager requests a document, the demo parent uploads it at 375 px, the manager approves and the gap closes',
    async run({ pageAs }) {
      const manager = await pageAs(hosts.demo, 'manager');
      // Downtown: the demo parent's children's location (tenants/demo.json).
      const { dropdownLocations } = await api<{ dropdownLocations: { id: string; name: string }[] }>(manager, '{ dropdownLocations { id name } }');
      const downtown = dropdownLocations.find((l) => l.name === 'Downtown');
      assert.ok(downtown, 'Downtown not found');
      const name = `Doctor’s note ${Date.now()}`;
      const created = await api<{ createDocument: { request: { id: string } } }>(
        manager,
        'mutation($l: ID!, $n: String!) { createDocument(location_id: $l, name: $n, type: "family") { request { id } } }',
        { l: downtown.id, n: name },
      );
      const requestId = created.createDocument.request.id;
      const gaps = async () =>
        (await api<{ getComplianceGaps: Gap[] }>(manager, 'query($l: ID!) { getComplianceGaps(location_id: $l) { source_id student_id reason } }', { l: downtown.id }))
          .getComplianceGaps.filter((g) => g.source_id === requestId);
      try {
        // The parent, on a phone: the request is there for each child; upload for the first.
        const parent = await pageAs(hosts.demo, 'parent');
        await parent.setViewportSize({ width: 375, height: 800 });
        await parent.goto(`${hosts.demo}/user/students/documents`);
        await settled(parent);
        const row = parent.getByTestId('requested-document').filter({ hasText: name }).first();
        await row.waitFor();
        const card = parent.getByTestId('child-documents').filter({ has: row });
        const childId = await card.first().getAttribute('data-student');
        assert.ok(childId, 'the card names its child');
        assert.deepEqual((await gaps()).find((g) => g.student_id === childId)?.reason, 'missing');
        await row.locator('input[type="file"]').setInputFiles({ name: 'doctors-note.pdf', mimeType: 'application/pdf', buffer: textPdf('Fit for day care') });
        await row.getByTestId('document-upload').click();
        await row.getByTestId('document-status-pending').waitFor({ timeout: 60_000 });
        assert.equal(await parent.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'nothing scrolls sideways at 375 px');
        assert.deepEqual((await gaps()).find((g) => g.student_id === childId)?.reason, 'unapproved');

        // The manager approves it on the request's page.
        await manager.goto(`${hosts.demo}/document/${requestId}`);
        await settled(manager);
        const answer = manager.getByTestId('document-answer').filter({ has: manager.getByTestId('document-status-pending') }).first();
        await answer.getByTestId('document-approve').click();
        await manager.getByTestId('approve-save').click();
        await manager.getByTestId('document-answer').getByTestId('document-status-approved').first().waitFor();

        // The child's gap closed (the other children's stay open).
        assert.equal((await gaps()).find((g) => g.student_id === childId), undefined, 'the gap closed');
        await parent.reload();
        await settled(parent);
        await parent.getByTestId('requested-document').filter({ hasText: name }).first().getByTestId('document-status-approved').waitFor();
      } finally {
        await api(manager, 'mutation($id: ID!) { archiveDocument(id: $id) { status } }', { id: requestId });
      }
    },
  },
];
