import assert from 'node:assert/strict';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

export const journeys: Journey[] = [
  {
    name: 'an action item stays pinned on the parent’s home until they acknowledge it, and the manager sees who has',
    async run({ pageAs }) {
      const manager = await pageAs(hosts.demo, 'manager');
      // Downtown: the demo parent's children's location (tenants/demo.json).
      const { dropdownLocations } = await api<{ dropdownLocations: { id: string; name: string }[] }>(
        manager,
        '{ dropdownLocations { id name } }',
      );
      const downtown = dropdownLocations.find((l) => l.name === 'Downtown');
      assert.ok(downtown, 'Downtown not found');
      const due = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const message = `Bring rain boots for the puddle walk (${Date.now()})`;
      const created = await api<{ createAnnouncement: { announcement: { id: string } } }>(
        manager,
        `mutation($m: String!, $l: [ID!]!, $d: String) {
          createAnnouncement(message: $m, roles: ["user"], locations: $l, action_needed: true, due_date: $d) { announcement { id } }
        }`,
        { m: message, l: [downtown.id], d: due },
      );
      const id = created.createAnnouncement.announcement.id;
      try {
        const parent = await pageAs(hosts.demo, 'parent');
        await parent.goto(`${hosts.demo}/home`);
        await settled(parent);
        const pinned = parent.getByTestId('action-items').getByText(message);
        await pinned.waitFor();
        // Still pinned on the next visit.
        await parent.reload();
        await settled(parent);
        await pinned.waitFor();
        const row = parent.getByTestId('action-items').locator('[data-testid^="action-item-"]').filter({ hasText: message });
        await row.getByRole('button').click();
        await pinned.waitFor({ state: 'detached' });
        await parent.reload();
        await settled(parent);
        // Gone from the pins; the announcement itself still shows among the live ones.
        assert.equal(await parent.getByTestId('action-items').getByText(message).count(), 0, 'the acknowledged item is gone');
        await parent.getByTestId('top-announcements').getByText(message).waitFor();

        const acks = await api<{ getAnnouncementAcknowledgements: { data: { fname: string; acknowledged_at: string | null }[] } }>(
          manager,
          'query($id: ID!) { getAnnouncementAcknowledgements(id: $id, acknowledged: true) { data { fname acknowledged_at } } }',
          { id },
        );
        assert.deepEqual(
          acks.getAnnouncementAcknowledgements.data.map((r) => r.fname),
          ['Olivia'],
        );
      } finally {
        await api(manager, 'mutation($id: ID!) { deleteAnnouncement(id: $id) { status } }', { id });
      }
    },
  },
];
