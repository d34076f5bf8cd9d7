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
  {
    name: 'a parent answers an instant SMS from the dev mailbox and the manager reads it on /sms-response',
    async run({ pageAs, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const kids = await api<{ students: { data: { id: string; full_name: string }[] } }>(
        manager,
        'query { students(search: "Emma Bennett", status: true, first: 5) { data { id full_name } } }',
      );
      const emma = kids.students.data.find((k) => k.full_name === 'Emma Bennett');
      assert.ok(emma, 'Emma Bennett not found');
      const stamp = Date.now();
      const message = `Pajama day tomorrow (${stamp})`;
      await api(manager, 'mutation($m: String!, $s: [ID!]) { sendInstantSms(message: $m, students: $s) { status } }', { m: message, s: [emma.id] });
      // The SMS to the demo parent's phone (tenants/demo.json), as the dev mailbox lists it.
      const sms = (await manager.evaluate(async (url) => (await fetch(url, { headers: { accept: 'application/json' } })).json(), '/dev/mailbox.json?limit=50')) as {
        id: string;
        channel: string;
        to: string;
        text: string | null;
      }[];
      const mine = sms.find((m) => m.channel === 'sms' && m.to === '+12175550111' && (m.text ?? '').includes(String(stamp)));
      assert.ok(mine, 'the instant SMS to the demo parent is in the dev mailbox');
      await manager.goto(`${hosts.demo}/dev/mailbox/${mine.id}`);
      const reply = `Thanks, Emma will wear her dinosaur pajamas (${stamp})`;
      await manager.getByLabel('Reply as the recipient').fill(reply);
      await manager.getByRole('button', { name: 'Reply' }).click();
      await manager.getByRole('status').getByText('Reply sent.').waitFor();

      await manager.goto(`${hosts.demo}/sms-response`);
      await settled(manager);
      await manager.getByRole('heading', { level: 1, name: 'SMS responses' }).waitFor();
      await manager.getByTestId('sms-responses-page').getByText(reply).first().waitFor();
      await checkA11y(manager, 'demo /sms-response');
    },
  },
];
