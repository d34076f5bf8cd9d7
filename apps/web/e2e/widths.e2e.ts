import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { settled } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';
import { DESKTOP_WIDTH, HEIGHT, WIDTHS, menuPaths, sidewaysAtWidths } from './support/widths';

/**
 * Visits every page of `username`'s menu and, at each width, fails when the document scrolls
 * sideways (scrollWidth > innerWidth); every offender is listed, not only the first. The centre
 * roles' menus are checked in the same pass as their seeded screens (seeded-screens.e2e.ts).
 */
async function checkWidths(page: Page, base: string, who: string): Promise<void> {
  const failures: string[] = [];
  const paths = await menuPaths(page);
  for (const path of paths) {
    await page.setViewportSize({ width: DESKTOP_WIDTH, height: HEIGHT });
    await page.goto(`${base}${path}`);
    await settled(page);
    failures.push(...(await sidewaysAtWidths(page, `${who} ${path}`)));
  }
  assert.ok(paths.length > 1, `${who}: the menu listed no pages`);
  assert.deepEqual(failures, [], `pages that scroll sideways:\n  ${failures.join('\n  ')}`);
}

export const journeys: Journey[] = [
  {
    name: `no page of an operator's menu scrolls sideways at ${WIDTHS.join(', ')} px`,
    async run({ pageAs }) {
      const page = await pageAs(hosts.platform, 'admin');
      await checkWidths(page, hosts.platform, 'admin');
    },
  },
  {
    name: 'the sidebar gives way on a tablet: a teacher at 1024 px opens it from the top bar',
    async run({ pageAs }) {
      const page = await pageAs(hosts.demo, 'teacher');
      await page.setViewportSize({ width: 1024, height: HEIGHT });
      await page.goto(`${hosts.demo}/dashboard`);
      await settled(page);
      const navbar = page.locator('nav.mantine-AppShell-navbar');
      const main = page.locator('#main-content');
      // Closed (moved off the left edge), the content takes the full width.
      assert.ok((await navbar.boundingBox())!.x < 0, 'the sidebar should start closed at 1024 px');
      assert.ok((await main.boundingBox())!.x < 20, 'the content should start at the left edge');
      await page.getByRole('button', { name: /open the menu|abrir el menú/i }).click();
      // It slides in (a transition): wait until its left edge is on screen.
      await page.waitForFunction(
        () => (document.querySelector('nav.mantine-AppShell-navbar')?.getBoundingClientRect().x ?? -1) >= 0,
        null,
        {
          timeout: 5000,
        },
      );
      assert.ok((await main.boundingBox())!.x < 20, 'the open sidebar should cover the content, not push it');
    },
  },
];
