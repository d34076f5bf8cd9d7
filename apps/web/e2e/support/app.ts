import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { DEMO_PASSWORD } from './hosts';

/** Waits until the SPA has rendered a page (not the boot loader). */
export async function settled(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="page-loader"]:not([data-visible])', { state: 'attached', timeout: 15_000 }).catch(() => {});
  await page.waitForLoadState('networkidle').catch(() => {});
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The input labelled exactly `label` (the required marker " *" aside). */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${escape(label)}(\\s*\\*)?$`, 'i'));
}

/** Requests that load a page's data or code; live media (HLS playlists and segments) never stops, and is left out. */
const PAGE_WORK = new Set(['document', 'script', 'stylesheet', 'fetch', 'xhr']);
const tracked = new WeakMap<Page, { inFlight: Set<unknown>; lastChange: number }>();

function networkOf(page: Page) {
  let state = tracked.get(page);
  if (!state) {
    const s = { inFlight: new Set<unknown>(), lastChange: Date.now() };
    const done = (request: unknown) => {
      if (s.inFlight.delete(request)) s.lastChange = Date.now();
    };
    page.on('request', (request) => {
      if (!PAGE_WORK.has(request.resourceType()) || /\/media\//.test(request.url())) return;
      s.inFlight.add(request);
      s.lastChange = Date.now();
    });
    page.on('requestfinished', done);
    page.on('requestfailed', done);
    tracked.set(page, s);
    state = s;
  }
  return state;
}

/**
 * Waits until the page's own requests (data, code, translations) have been quiet for `quietMs`:
 * Playwright's 'networkidle' for a page that navigates inside the SPA (a same-document navigation
 * keeps the load state it had), and one that plays live video. Gives up after `timeoutMs`.
 */
export async function networkQuiet(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const state = networkOf(page);
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (state.inFlight.size === 0 && Date.now() - state.lastChange >= quietMs) return;
    await page.waitForTimeout(100);
  }
}

/**
 * Opens `path` in the running SPA without reloading it, as the browser's back and forward buttons
 * do (a history entry, then popstate, which the router follows), and waits until the layout has
 * mounted the new page: its route wrapper is keyed by the path, so the old one is replaced. A full
 * page load where there is no signed-in layout yet, or the page is already at `path`.
 */
export async function openInApp(page: Page, base: string, path: string): Promise<void> {
  networkOf(page);
  const target = new URL(path, base);
  const moved =
    new URL(page.url()).origin === target.origin &&
    (await page.evaluate((to) => {
      const current = document.querySelector('#main-content .kv-route-transition');
      if (!current || `${location.pathname}${location.search}` === to) return false;
      current.setAttribute('data-e2e-left', '');
      const idx = (history.state as { idx?: number } | null)?.idx ?? 0;
      history.pushState({ usr: null, key: Math.random().toString(36).slice(2, 10), idx: idx + 1 }, '', to);
      dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
      return true;
    }, `${target.pathname}${target.search}`));
  const arrived =
    moved &&
    (await page
      .locator('#main-content .kv-route-transition:not([data-e2e-left])')
      .waitFor({ state: 'attached', timeout: 10_000 })
      .then(() => true)
      .catch(() => false));
  // Not there in time (a page that keeps the main thread busy, such as live video on a loaded
  // machine): load it instead; what the caller checks on the page does not depend on how it came.
  if (!arrived) await page.goto(target.href);
}

export async function signIn(page: Page, base: string, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel(/^(username or email|usuario o correo electrónico)/i).fill(username);
  await page.getByLabel(/^(password|contraseña)(\s*\*)?$/i).fill(password);
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 15_000 });
  await settled(page);
}

export async function signOut(page: Page): Promise<void> {
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await page.waitForURL((url) => url.pathname === '/login', { timeout: 15_000 });
}

export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** The menu entries (by id) present in the sidebar, including those inside closed groups. */
export async function menuIds(page: Page): Promise<string[]> {
  await page.waitForSelector('[data-testid="main-menu"]', { state: 'attached' });
  return page.$$eval('[data-testid="main-menu"] [data-testid^="menu-"]:not([data-testid^="menu-group-"])', (nodes) =>
    nodes.map((n) => (n.getAttribute('data-testid') ?? '').slice('menu-'.length)),
  );
}

export function assertMenu(actual: string[], expected: { has: string[]; hasNot: string[] }, who: string): void {
  for (const id of expected.has) assert.ok(actual.includes(id), `${who} should see menu entry "${id}" (has: ${actual.join(', ')})`);
  for (const id of expected.hasNot) assert.ok(!actual.includes(id), `${who} should not see menu entry "${id}"`);
}
