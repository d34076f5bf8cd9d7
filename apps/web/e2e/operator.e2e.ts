import assert from 'node:assert/strict';
import { field } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

export const journeys: Journey[] = [
  {
    name: 'an admin reviews a centre: trial, domains, migration status',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.platform, 'admin');
      await page.goto(`${hosts.platform}/centers-list`);
      await page.getByTestId('centre-demo').click();
      await page.waitForURL((url) => url.pathname.startsWith('/center/'));
      await page.getByTestId('centre-detail').waitFor();
      await page.getByTestId('centre-trial').waitFor();
      await page.getByTestId('centre-domains').getByText('demo.localhost').first().waitFor();
      await page.getByTestId('centre-migration').waitFor();
      await page.getByTestId('centre-support').waitFor();
      await checkA11y(page, 'platform /center/:id');
      await page.goto(`${hosts.platform}/migrations`);
      await page.getByTestId('start-migrations').waitFor();
      await checkA11y(page, 'platform /migrations');
      await page.goto(`${hosts.platform}/centers-list/new`);
      await page.getByTestId('add-centre-submit').waitFor();
      await checkA11y(page, 'platform /centers-list/new');
    },
  },
  {
    name: 'an admin adds a centre and watches it provision',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.platform, 'admin');
      await page.goto(`${hosts.platform}/centers-list/new`);
      const slug = `e2e-${Date.now().toString(36)}`;
      await field(page, 'Name').fill(`E2E ${slug}`);
      await field(page, 'Subdomain').fill(slug);
      await field(page, "Owner's first name").fill('Erin');
      await field(page, "Owner's last name").fill('Owner');
      await field(page, "Owner's username").fill('owner');
      await field(page, 'Contact email').fill(`${slug}@example.com`);
      await page.getByTestId('add-centre-submit').click();
      await page.getByTestId('provisioning-progress').waitFor();
      await checkA11y(page, 'platform /centers-list/new (provisioning)');
      await page.locator('[data-testid="provisioning-progress"][data-status="active"]').waitFor({ timeout: 120_000 });
      await page.getByTestId('open-centre').click();
      await page.getByTestId('centre-detail').waitFor();
      assert.ok((await page.locator('h1').textContent())?.includes(slug));
    },
  },
  {
    name: 'kvsupport can read centres but not change them',
    async run({ pageAs }) {
      const page = await pageAs(hosts.platform, 'kvsupport');
      await page.goto(`${hosts.platform}/centers-list`);
      await page.getByTestId('centre-demo').waitFor();
      assert.equal(await page.getByTestId('add-centre').count(), 0);
      await page.getByTestId('centre-demo').click();
      await page.getByTestId('centre-detail').waitFor();
      assert.equal(await page.getByTestId('suspend-centre').count(), 0);
      assert.equal(await page.getByTestId('extend-trial').count(), 0);
      await page.getByTestId('centre-support').waitFor();
      // Login as user: pick the centre's manager by name, give a reason; the support link opens in a new tab.
      const picker = page.getByTestId('support-user');
      await picker.fill('Marcus Reyes');
      // Wait until the search has narrowed the list to the one match.
      await page.waitForFunction(() => {
        const options = [...document.querySelectorAll('[role="option"]')].filter((o) => (o as HTMLElement).offsetParent !== null);
        return options.length === 1 && /^Marcus Reyes · manager/.test(options[0]!.textContent ?? '');
      });
      // The list re-renders as results arrive: choose with the keyboard rather than chase the element.
      await picker.press('ArrowDown');
      await picker.press('Enter');
      assert.match(await picker.inputValue(), /^Marcus Reyes · manager/);
      await field(page, 'Ticket').fill('HELP-1234');
      await field(page, 'Reason').fill('E2E: checking the manager dashboard');
      const opened = page.context().waitForEvent('page');
      await page.getByTestId('login-as-user').click();
      const support = await opened;
      await support.waitForURL((url) => url.hostname.startsWith('demo.') && !url.pathname.startsWith('/verify-autologin'));
      await support.getByText(/Support session by/).waitFor();
      await support.close();
      await page.goto(`${hosts.platform}/migrations`);
      await page.waitForURL((url) => url.pathname === '/login');
    },
  },
];
