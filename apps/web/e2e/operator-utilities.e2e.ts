import assert from 'node:assert/strict';
import http from 'node:http';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';
import { sidewaysAtWidths } from './support/widths';

/**
 * The status a centre-host URL answers now. From Node, `*.localhost` does not resolve (browsers
 * resolve it themselves), so the request goes to the loopback address with the centre's Host.
 */
function statusOf(url: string): Promise<number> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port: Number(port || 80), path: pathname, headers: { host: `${hostname}:${port}` } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on('error', reject);
  });
}

export const journeys: Journey[] = [
  {
    name: "an admin takes a demo centre's blog offline and brings it back",
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.platform, 'admin');
      await page.goto(`${hosts.platform}/customer-websites`);
      await page.getByTestId('customer-websites').waitFor();
      // The centres report their sites at start-up: wait for the demo centre's report if it is not in yet.
      const offline = page.getByTestId('website-offline-demo-blog');
      for (let i = 0; i < 15 && !(await offline.isVisible()); i++) {
        await page.waitForTimeout(2000);
        await page.reload();
        await page.getByTestId('customer-websites').waitFor();
      }
      await offline.waitFor();
      await page.getByTestId('website-offline-pawsome-blog').waitFor();
      await checkA11y(page, 'platform /customer-websites');
      assert.equal(await statusOf(`${hosts.demo}/site/blog`), 200);

      await offline.click();
      await page.getByTestId('website-offline-reason').fill('E2E: checking take offline');
      await page.getByTestId('website-offline-confirm').click();
      const online = page.getByTestId('website-online-demo-blog');
      await online.waitFor();
      await page.getByText('E2E: checking take offline').first().waitFor();
      assert.equal(await statusOf(`${hosts.demo}/site/blog`), 404);
      assert.equal(await statusOf(`${hosts.demo}/site/demo`), 200, 'the other site stays online');
      assert.equal(await statusOf(`${hosts.pawsome}/site/blog`), 200, "another centre's blog stays online");

      // The state filter shows only the offline one.
      await page.getByTestId('websites-state').click();
      await page.getByRole('option', { name: 'Offline' }).click();
      // The online sites leave the list once the filtered page has arrived (the offline row was shown before it).
      await page.getByTestId('website-offline-pawsome-blog').waitFor({ state: 'detached' });
      await online.waitFor();

      await online.click();
      await page.getByText('No data available.').waitFor();
      assert.equal(await statusOf(`${hosts.demo}/site/blog`), 200);
    },
  },
  {
    name: "kvsupport reads a demo centre's health, flushes its caches and migrates it again",
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.platform, 'kvsupport');
      await page.goto(`${hosts.platform}/utilities`);
      const picker = page.getByTestId('utility-centre');
      await picker.fill('demo');
      await page.waitForFunction(() =>
        [...document.querySelectorAll('[role="option"]')].some(
          (o) => (o as HTMLElement).offsetParent !== null && /· demo$/.test(o.textContent ?? ''),
        ),
      );
      await page.getByRole('option', { name: /· demo$/ }).click();
      await page.locator('[data-testid="health-database"] [data-reachable="true"]').waitFor();
      await page.getByTestId('health-schema').getByText('Up to date').waitFor();
      await checkA11y(page, 'platform /utilities');
      // kvsupport has no admin-only website screen in its menu.
      assert.equal(await page.locator('a[href="/customer-websites"]').count(), 0);

      await page.getByTestId('utility-flush').click();
      const result = page.locator('[data-testid="utility-result"][data-action="flush_caches"]');
      await result.waitFor();
      await result.getByText(/directory entry/).waitFor();
      // The centre answers as before after its caches were emptied.
      assert.equal(await statusOf(`${hosts.demo}/site/demo`), 200);
      await page.getByTestId('utility-check').click();
      await page.locator('[data-testid="health-database"] [data-reachable="true"]').waitFor();

      // Re-run its migration: the page follows the run until the centre's row is done.
      await page.getByTestId('utility-migrate').click();
      const migrated = page.locator('[data-testid="utility-result"][data-action="migrate"]');
      await migrated.waitFor();
      await migrated.getByText('Migration finished: see Last migration above.').waitFor({ timeout: 60_000 });
      await page.getByTestId('health-migration').locator('[data-status="done"]').waitFor();
      await page.getByTestId('health-schema').getByText('Up to date').waitFor();
    },
  },
  {
    name: 'an admin reads the database servers, the API processes and the centre databases; one process refuses a restart',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.platform, 'admin');
      await page.goto(`${hosts.platform}/aws-center-databases`);
      // Database servers: the one this platform runs on, with its connections read now.
      const servers = page.getByTestId('database-servers');
      await servers.getByRole('cell', { name: 'primary', exact: true }).waitFor();
      await servers.getByText(/^\d+ of \d+$/).waitFor();
      // API processes: the browser test server is one process.
      const group = page.getByTestId('api-group-api');
      await group.locator('[data-mode="single"]').waitFor();
      await group.locator('[data-status="ready"]').waitFor();
      await group.getByTestId('last-restart').getByText('No restart recorded.').waitFor();
      // Centre databases: both demo centres, paged on the server.
      const databases = page.getByTestId('centre-databases');
      await databases.getByRole('cell', { name: 'Sunny Days Early Learning', exact: false }).first().waitFor();
      await checkA11y(page, 'platform /aws-center-databases');
      assert.deepEqual(await sidewaysAtWidths(page, '/aws-center-databases'), []);

      // A restart needs API_WORKERS: the admin is told so beside the button, and nothing restarts.
      await group.getByTestId('restart-api').click();
      await page.getByTestId('restart-confirm').click();
      const refused = group.getByTestId('restart-refused');
      await refused.getByText(/API_WORKERS/).waitFor();
      await group.getByTestId('last-restart').getByText('No restart recorded.').waitFor();
    },
  },
];
