import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { settled } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

/** A phone, a tablet in portrait, a tablet in landscape (a teacher's iPad). */
const WIDTHS = [375, 768, 1024] as const;
const HEIGHT = 768;

/** Every page the signed-in menu offers (groups included, closed or not), the landing page first. */
async function menuPaths(page: Page): Promise<string[]> {
  await page.waitForSelector('[data-testid="main-menu"]', { state: 'attached' });
  const listed = await page.$$eval('[data-testid="main-menu"] [data-menu-path]', (nodes) =>
    nodes.map((n) => n.getAttribute('data-menu-path') ?? ''),
  );
  const landing = new URL(page.url()).pathname;
  return [...new Set([landing, ...listed.filter((p) => p.startsWith('/'))])];
}

/** How far the page reaches past the viewport, and the outermost elements that reach there. */
function sideways(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const over = root.scrollWidth - window.innerWidth;
    if (over <= 0) return null;
    const culprits: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      if (el.getBoundingClientRect().right <= window.innerWidth + 1) continue;
      // Only the outermost: an element whose parent already overflows says nothing new.
      const parent = el.parentElement;
      if (parent && parent !== document.body && parent.getBoundingClientRect().right > window.innerWidth + 1) continue;
      const id = el.getAttribute('data-testid') ?? el.className.toString().split(' ').slice(0, 2).join('.');
      culprits.push(`<${el.tagName.toLowerCase()}${id ? ` ${id}` : ''}> right ${Math.round(el.getBoundingClientRect().right)}`);
      if (culprits.length === 3) break;
    }
    return { over, culprits };
  });
}

/**
 * The overflow once the layout has caught up with the new width: media queries apply on the next
 * frame, but components that measure themselves (a segmented control's indicator, a table's
 * columns) re-render from a ResizeObserver, later on a busy machine. Null when it fits.
 */
async function settledWidth(page: Page, withinMs = 3000) {
  const until = Date.now() + withinMs;
  await page.waitForTimeout(300);
  for (;;) {
    const found = await sideways(page);
    if (!found || Date.now() > until) return found;
    await page.waitForTimeout(250);
  }
}

/**
 * Visits every page of `username`'s menu and, at each width, fails when the document scrolls
 * sideways (scrollWidth > innerWidth); every offender is listed, not only the first.
 */
async function checkWidths(page: Page, base: string, who: string): Promise<void> {
  const failures: string[] = [];
  const paths = await menuPaths(page);
  for (const path of paths) {
    await page.setViewportSize({ width: 1366, height: HEIGHT });
    await page.goto(`${base}${path}`);
    await settled(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: HEIGHT });
      const found = await settledWidth(page);
      if (found) failures.push(`${who} ${path} at ${width} px: ${found.over} px too wide (${found.culprits.join('; ')})`);
    }
  }
  assert.ok(paths.length > 1, `${who}: the menu listed no pages`);
  assert.deepEqual(failures, [], `pages that scroll sideways:\n  ${failures.join('\n  ')}`);
}

const CENTRE_ROLES = ['parent', 'blog', 'teacher', 'manager', 'center'] as const;

export const journeys: Journey[] = [
  ...CENTRE_ROLES.map((username): Journey => ({
    name: `no page of ${username}'s menu scrolls sideways at ${WIDTHS.join(', ')} px`,
    async run({ pageAs }) {
      const page = await pageAs(hosts.demo, username);
      await checkWidths(page, hosts.demo, username);
    },
  })),
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
