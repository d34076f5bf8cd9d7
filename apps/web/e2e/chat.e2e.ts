import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';
import { sidewaysAtWidths } from './support/widths';

/** Opens a thread of the inbox by the child's name (the list is newest news first). */
async function openThread(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(name) }).first().click();
  await page.getByRole('heading', { name }).waitFor();
}

export const journeys: Journey[] = [
  {
    name: 'a parent and a teacher chat live in the child’s thread, each in their own browser',
    async run({ pageAs, checkA11y }) {
      // Emma Bennett: the demo parent's child at Downtown (Preschool), the demo teacher's room.
      const teacher = await pageAs(hosts.demo, 'teacher');
      const parent = await pageAs(hosts.demo, 'parent', { viewport: 'phone' });
      const me = await api<{ getLastMessagesByStudent: { data: { id: string; name: string; location_id: string; unread: number }[] } }>(
        parent,
        '{ getLastMessagesByStudent(first: 20) { data { id name location_id unread } } }',
      );
      const emma = me.getLastMessagesByStudent.data.find((t) => t.name === 'Emma Bennett');
      assert.ok(emma, 'the demo parent has Emma’s thread');
      assert.ok(emma.unread >= 1, 'the seed leaves one unread message for the demo parent');

      await parent.goto(`${hosts.demo}/messages`);
      await settled(parent);
      await openThread(parent, 'Emma Bennett');

      await teacher.evaluate((value) => localStorage.setItem('current_location', value), JSON.stringify({ id: emma.location_id, name: 'Downtown' }));
      await teacher.goto(`${hosts.demo}/messages-log`);
      await settled(teacher);
      await teacher.getByPlaceholder('Search by name').fill('Emma');
      await openThread(teacher, 'Emma Bennett');

      const hello = `Emma painted a rainbow today ${Date.now()}`;
      await teacher.getByPlaceholder('Write a message').fill(hello);
      await teacher.getByRole('button', { name: 'Send' }).click();
      // Live: the parent's open thread shows it without a reload.
      await parent.getByTestId('chat-messages').getByText(hello).waitFor({ timeout: 15_000 });

      const reply = `Thank you! ${Date.now()}`;
      await parent.getByPlaceholder('Write a message').fill(reply);
      await parent.getByRole('button', { name: 'Send' }).click();
      await teacher.getByTestId('chat-messages').getByText(reply).waitFor({ timeout: 15_000 });

      // Nothing scrolls sideways at 375, 768 and 1024 px.
      const sideways = [...(await sidewaysAtWidths(parent, '/messages')), ...(await sidewaysAtWidths(teacher, '/messages-log'))];
      assert.deepEqual(sideways, []);
      await checkA11y(parent, '/messages');
      await checkA11y(teacher, '/messages-log');
    },
  },
];
