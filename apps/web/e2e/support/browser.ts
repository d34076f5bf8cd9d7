import AxeBuilder from '@axe-core/playwright';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { signIn } from './app';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Signed-in sessions kept across journeys: the control plane allows five sign-ins per account per
 * 15 minutes, so journeys that are not about signing in reuse one session per account. The state is
 * re-read when a journey ends, so a rotated refresh token is never reused. Each lane of journeys
 * (run.ts) keeps its own: two lanes never share a refresh token.
 */
export type SessionStore = Map<string, StorageState>;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

export interface JourneyContext {
  browser: Browser;
  /** A fresh context (own storage) with a phone or desktop viewport. */
  newPage(options?: { viewport?: 'phone' | 'desktop' }): Promise<Page>;
  /** A page already signed in as `username` on `base` (signs in the first time only). */
  pageAs(base: string, username: string, options?: { viewport?: 'phone' | 'desktop' }): Promise<Page>;
  /** Runs axe on the current page; serious and critical violations fail the journey. */
  checkA11y(page: Page, label: string): Promise<void>;
  /** Errors the pages logged (uncaught exceptions and console.error), checked after the journey. */
  pageErrors: string[];
  pagesChecked: Set<string>;
}

const VIEWPORTS = { phone: { width: 375, height: 812 }, desktop: { width: 1366, height: 900 } } as const;

export function createJourneyContext(browser: Browser, sessions: SessionStore): JourneyContext & { close(): Promise<void> } {
  const contexts: BrowserContext[] = [];
  const cached = new Map<BrowserContext, string>();
  const pageErrors: string[] = [];
  const pagesChecked = new Set<string>();
  async function open(options: { viewport?: 'phone' | 'desktop' } | undefined, storageState?: StorageState): Promise<Page> {
    const context = await browser.newContext({ viewport: VIEWPORTS[options?.viewport ?? 'desktop'], locale: 'en-US', storageState });
    contexts.push(context);
    // Two cores shared by the platform, Postgres and Chromium: allow for a slow first answer.
    context.setDefaultNavigationTimeout(45_000);
    context.setDefaultTimeout(30_000);
    const page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      // 4xx answers of deliberate failures (wrong password, unknown path) are expected; script errors are not.
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
        pageErrors.push(`${page.url()}: ${message.text()}`);
    });
    return page;
  }
  return {
    browser,
    pageErrors,
    pagesChecked,
    newPage: (options) => open(options),
    async pageAs(base, username, options) {
      const key = `${base}|${username}`;
      const state = sessions.get(key);
      const page = await open(options, state);
      if (state) {
        await page.goto(base);
        // A stored session that no longer works lands on /login: sign in again.
        // Wait for whichever shows first: the signed-in layout or the sign-in form.
        const signedOut = page.getByLabel(/^(password|contraseña)(\s*\*)?$/i);
        await page
          .getByTestId('user-menu')
          .or(signedOut)
          .first()
          .waitFor({ timeout: 30_000 })
          .catch(() => {});
        // Signed out, or still nothing after 30 s: sign in afresh.
        if (!(await page.getByTestId('user-menu').isVisible())) await signIn(page, base, username);
      } else {
        await signIn(page, base, username);
      }
      await page.getByTestId('user-menu').waitFor();
      cached.set(page.context(), key);
      return page;
    },
    async checkA11y(page, label) {
      await page.waitForLoadState('networkidle').catch(() => {});
      // Let the route transition finish so colours are final.
      await page.waitForTimeout(350);
      const results = await new AxeBuilder({ page }).analyze();
      const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      pagesChecked.add(label);
      if (bad.length > 0) {
        const detail = bad
          .map(
            (v) =>
              `  [${v.impact}] ${v.id}: ${v.help}\n${v.nodes
                .slice(0, 3)
                .map((n) => `      ${n.target.join(' ')} ${n.failureSummary?.split('\n').slice(1, 2).join('') ?? ''}`)
                .join('\n')}`,
          )
          .join('\n');
        throw new Error(`axe: ${bad.length} serious/critical violation(s) on ${label} (${page.url()})\n${detail}`);
      }
    },
    async close() {
      for (const [context, key] of cached) {
        const state = await context.storageState().catch(() => null);
        if (state) sessions.set(key, state);
      }
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
    },
  };
}
