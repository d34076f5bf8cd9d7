import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

const unseen = async (page: Page) => Number(await page.getByTestId('notification-bell').getAttribute('data-unseen'));

async function waitForUnseen(page: Page, test: (n: number) => boolean, what: string): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const n = await unseen(page);
    if (test(n)) return n;
    await page.waitForTimeout(100);
  }
  throw new Error(`the bell never showed ${what} (it shows ${await unseen(page)})`);
}

export const journeys: Journey[] = [
  {
    name: 'a parent reads the bell, marks all seen, and gets a check-in live',
    async run({ pageAs, checkA11y }) {
      const parent = await pageAs(hosts.demo, 'parent');
      await parent.goto(`${hosts.demo}/user-profile`);
      await settled(parent);
      // The seeded notices: some not seen yet.
      await waitForUnseen(parent, (n) => n > 0, 'an unseen count');
      await parent.getByTestId('notification-bell').click();
      const list = parent.getByTestId('notification-list');
      await list.getByTestId('notification-item').first().waitFor();
      assert.ok((await list.getByTestId('notification-item').count()) >= 8);
      await checkA11y(parent, 'notification bell');
      await list.getByTestId('notification-mark-all').click();
      await waitForUnseen(parent, (n) => n === 0, 'no unseen notices');
      await parent.keyboard.press('Escape');

      // A check-in of their child reaches the bell live (event → notification centre → notificationAdded).
      const teacher = await pageAs(hosts.demo, 'manager');
      const kids = await api<{ students: { data: { id: string; full_name: string; location: { id: string } | null }[] } }>(
        teacher,
        'query { students(search: "Emma Bennett", status: true, first: 5) { data { id full_name location { id } } } }',
      );
      const emma = kids.students.data.find((s) => s.full_name === 'Emma Bennett')!;
      const alerts = (app: boolean) =>
        api(
          teacher,
          'mutation($l: ID!, $app: Boolean) { saveCheckInSettings(location_id: $l, check_in_parent_alert: { app: $app }) { status } }',
          {
            l: emma.location!.id,
            app,
          },
        );
      const before = await api<{ getCheckInSettings: { check_in_parent_alert: { app: boolean } } }>(
        teacher,
        'query($l: ID!) { getCheckInSettings(location_id: $l) { check_in_parent_alert { app } } }',
        { l: emma.location!.id },
      );
      await alerts(true);
      try {
        await api(teacher, 'mutation($s: [ID!]!) { saveStudentCheckInOut(students: $s, action: check_out) { status } }', { s: [emma.id] });
        await api(teacher, 'mutation($s: [ID!]!) { saveStudentCheckInOut(students: $s, action: check_in) { status } }', { s: [emma.id] });
        await waitForUnseen(parent, (n) => n >= 1, 'the check-in');
      } finally {
        await alerts(before.getCheckInSettings.check_in_parent_alert.app);
      }
    },
  },
  {
    name: 'a parent saves their notification settings and finds them kept',
    async run({ pageAs, checkA11y }) {
      const parent = await pageAs(hosts.demo, 'parent');
      await parent.goto(`${hosts.demo}/user-profile`);
      await settled(parent);
      const panel = parent.getByTestId('notification-settings');
      // Mantine's switch input (role switch) lies over its label: read and click the input.
      const nap = panel.getByRole('switch', { name: 'Naps', exact: true });
      const digest = panel.getByRole('switch', { name: /^One daily digest/ });
      await panel.getByText('Naps', { exact: true }).waitFor();
      const before = { nap: await nap.isChecked(), digest: await digest.isChecked() };
      try {
        await nap.click();
        await digest.click();
        assert.equal(await nap.isChecked(), !before.nap, 'the nap switch turned');
        await panel.getByTestId('notification-settings-save').click();
        await parent.getByText('Notification settings saved.').first().waitFor();
        await checkA11y(parent, 'notification settings');
        await parent.reload();
        await settled(parent);
        await panel.getByText('Naps', { exact: true }).waitFor();
        assert.equal(await nap.isChecked(), !before.nap, 'the nap setting is kept');
        assert.equal(await digest.isChecked(), !before.digest, 'the digest setting is kept');
      } finally {
        await api(parent, 'mutation($nap: Boolean, $digest: Boolean) { saveUserNotificationSettings(nap: $nap, digest: $digest) { status } }', before);
      }
    },
  },
];
