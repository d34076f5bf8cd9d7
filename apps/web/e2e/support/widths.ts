import type { Page } from 'playwright-core';

/** A phone, a tablet in portrait, a tablet in landscape (a teacher's iPad). */
export const WIDTHS = [375, 768, 1024] as const;
export const HEIGHT = 768;
/** The desktop width a page is opened at before it is narrowed. */
export const DESKTOP_WIDTH = 1366;

/** Every page the signed-in menu offers (groups included, closed or not), the landing page first. */
export async function menuPaths(page: Page): Promise<string[]> {
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
 * Narrows the loaded page to each of WIDTHS (no reload: the layout follows the viewport) and
 * returns one line per width at which the document scrolls sideways (scrollWidth > innerWidth);
 * the page is left at the desktop width again.
 */
export async function sidewaysAtWidths(page: Page, label: string): Promise<string[]> {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    const found = await settledWidth(page);
    if (found) failures.push(`${label} at ${width} px: ${found.over} px too wide (${found.culprits.join('; ')})`);
  }
  await page.setViewportSize({ width: DESKTOP_WIDTH, height: HEIGHT });
  return failures;
}
