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
