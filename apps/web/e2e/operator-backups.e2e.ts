import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

export const journeys: Journey[] = [
  {
    name: 'an admin runs a backup and a restore drill of a demo centre and sees them pass',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.platform, 'admin');
      await page.goto(`${hosts.platform}/centers-list`);
      await page.getByTestId('centre-demo').click();
      await page.getByTestId('centre-detail').waitFor();
      // The deletion section names what a delete still needs; the seeded drill is fresh.
      await page.getByTestId('centre-deletion').waitFor();
      await page.getByTestId('open-backups').click();
      await page.waitForURL((url) => url.pathname.startsWith('/center-aws/'));
      await page.getByRole('table', { name: 'Backups' }).getByText('done').first().waitFor();
      const before = await page.getByRole('table', { name: 'Backups' }).getByText('Manual').count();
      await page.getByTestId('run-backup').click();
      await page
        .getByRole('table', { name: 'Backups' })
        .getByText('Manual')
        .nth(before)
        .waitFor({ timeout: 60_000 });
      // A centre runs one backup or drill at a time (CENTRE_BUSY): wait until the new backup and the
      // seeded drill, which runs in the background after start-up, are finished.
      await page.getByRole('table', { name: 'Restore drills' }).getByText('passed').first().waitFor({ timeout: 90_000 });
      await page.waitForFunction(
        () => ![...document.querySelectorAll('table')].some((t) => /\b(running|queued)\b/i.test(t.textContent ?? '')),
        undefined,
        { timeout: 90_000 },
      );
      const drills = await page.getByRole('table', { name: 'Restore drills' }).getByText('passed').count();
      // The backup's notice slides in at the top right, over this button: a click as it arrives lands on the notice.
      await page.waitForFunction(() => document.querySelectorAll('.mantine-Notification-root').length === 0, undefined, { timeout: 30_000 });
      await page.getByTestId('run-drill').click();
      await page.getByText('Restore drill queued.').waitFor();
      await page
        .getByRole('table', { name: 'Restore drills' })
        .getByText('passed')
        .nth(drills)
        .waitFor({ timeout: 90_000 });
      await page.getByTestId('snapshots-unavailable').waitFor();
      await checkA11y(page, 'platform /center-aws/:id');
    },
  },
];
