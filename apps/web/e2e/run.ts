/**
 * Runs the browser journeys (apps/web/e2e/*.e2e.ts) in real Chromium against a running platform
 * on E2E_PORT. Prints one line per journey, then "N passed, N failed"; exits non-zero on failure.
 *
 * Three lanes run at once (E2E_LANES=1 for one): a journey mostly waits on the server and the
 * browser, so one lane kept the 2-core machine about a third busy. Each lane runs its journeys in
 * order with its own signed-in sessions.
 * - The screens lanes (1 and 3) first share the `seeded-screens` journeys, the longest file, which
 *   only read. Then lane 1 waits until every one of them has finished and runs the files that change
 *   what they read (the sidebar setting and role permissions in `access`, the language, the theme)
 *   or read menus themselves (`sign-in`, `tour`, `widths`…); lane 3 runs `people` and `calendar`.
 * - Lane 2 runs every other file.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createJourneyContext, launchBrowser, type SessionStore } from './support/browser';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

const here = dirname(fileURLToPath(import.meta.url));
const only = process.env.E2E_ONLY ? new RegExp(process.env.E2E_ONLY, 'i') : null;
const LANES = process.env.E2E_LANES === '1' ? 1 : 3;
/** Read-only journeys of every signed-in screen, shared by lanes 1 and 3 before anything below runs in lane 1. */
const SCREENS = 'seeded-screens';
/** Lane 1 after the screens: the files that change menus, settings and languages, or read them. */
const READ_LANE = new Set(['access', 'sign-in', 'tour', 'widths', 'languages', 'theme', 'pet-pack', 'register', 'operator']);
/** Lane 3 after the screens: files that only add records of their own (uniquely named students and contacts, events). */
const OWN_RECORDS_LANE = new Set(['people', 'calendar']);
const fileOf = (journey: Journey) => journey.name.slice(0, journey.name.indexOf(':'));

async function loadJourneys(): Promise<Journey[]> {
  const files = readdirSync(here)
    .filter((f) => f.endsWith('.e2e.ts'))
    .sort();
  const journeys: Journey[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(join(here, file)).href)) as { journeys?: Journey[] };
    for (const journey of mod.journeys ?? []) journeys.push({ ...journey, name: `${file.replace('.e2e.ts', '')}: ${journey.name}` });
  }
  return only ? journeys.filter((j) => only.test(j.name)) : journeys;
}

/** Waits until every host answers, and warms each one (first requests open pools and compile queries). */
async function warmUp(browser: Awaited<ReturnType<typeof launchBrowser>>): Promise<void> {
  const deadline = Date.now() + 90_000;
  const page = await browser.newPage();
  try {
    for (const base of Object.values(hosts)) {
      for (;;) {
        const ok = await page
          .goto(`${base}/login`, { timeout: 30_000 })
          .then((r) => r?.ok() ?? false)
          .catch(() => false);
        if (ok) {
          await page.waitForSelector('h1', { timeout: 30_000 }).catch(() => {});
          break;
        }
        if (Date.now() > deadline) throw new Error(`${base} did not answer`);
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  } finally {
    await page.close();
  }
}

/** Every open page of a failed journey, as PNGs under E2E_ARTIFACTS (default: the temp directory). */
async function saveScreenshots(browser: Awaited<ReturnType<typeof launchBrowser>>, name: string): Promise<void> {
  const dir = process.env.E2E_ARTIFACTS ?? join(tmpdir(), 'kv-e2e-failures');
  mkdirSync(dir, { recursive: true });
  const slug = name.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let n = 0;
  for (const context of browser.contexts())
    for (const page of context.pages()) {
      const file = join(dir, `${slug}-${++n}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => {});
      console.log(`  screenshot: ${file} (${page.url()})`);
    }
}

async function main(): Promise<number> {
  const journeys = await loadJourneys();
  const browser = await launchBrowser();
  await warmUp(browser);
  let passed = 0;
  let failed = 0;
  const pages = new Set<string>();
  const perFile = new Map<string, number>();
  const screens = journeys.filter((j) => fileOf(j) === SCREENS);
  const rest = journeys.filter((j) => fileOf(j) !== SCREENS);
  let screensLeft = screens.length;
  let screensDone: () => void = () => {};
  const allScreensDone = new Promise<void>((resolve) => {
    screensDone = resolve;
    if (screensLeft === 0) resolve();
  });
  /** Takes the next screens journey (shared by the lanes that call it), or null when none is left. */
  const nextScreen = (): Journey | null => screens.shift() ?? null;

  async function runLane(lane: Journey[], takeScreens: boolean, afterScreens: boolean): Promise<void> {
    const sessions: SessionStore = new Map();
    if (takeScreens) for (let journey = nextScreen(); journey; journey = nextScreen()) await runJourney(journey, sessions, true);
    if (afterScreens) await allScreensDone;
    for (const journey of lane) await runJourney(journey, sessions, false);
  }

  async function runJourney(journey: Journey, sessions: SessionStore, screen: boolean): Promise<void> {
    const ctx = createJourneyContext(browser, sessions);
    const started = Date.now();
    try {
      await journey.run(ctx);
      if (ctx.pageErrors.length > 0) throw new Error(`the page reported errors:\n  ${ctx.pageErrors.join('\n  ')}`);
      passed += 1;
      console.log(`✓ ${journey.name} (${Date.now() - started} ms)`);
    } catch (error) {
      failed += 1;
      await saveScreenshots(browser, journey.name);
      console.log(
        `✗ ${journey.name} (${Date.now() - started} ms)\n  ${error instanceof Error ? (error.stack ?? error.message).split('\n').join('\n  ') : String(error)}`,
      );
    } finally {
      ctx.pagesChecked.forEach((p) => pages.add(p));
      await ctx.close();
      perFile.set(fileOf(journey), (perFile.get(fileOf(journey)) ?? 0) + Date.now() - started);
      if (screen && --screensLeft === 0) screensDone();
    }
  }

  try {
    if (LANES === 1)
      await runLane(
        journeys.filter((j) => fileOf(j) !== SCREENS),
        true,
        true,
      );
    else
      await Promise.all([
        runLane(
          rest.filter((j) => READ_LANE.has(fileOf(j))),
          true,
          true,
        ),
        runLane(
          rest.filter((j) => !READ_LANE.has(fileOf(j)) && !OWN_RECORDS_LANE.has(fileOf(j))),
          false,
          false,
        ),
        runLane(
          rest.filter((j) => OWN_RECORDS_LANE.has(fileOf(j))),
          true,
          false,
        ),
      ]);
  } finally {
    await browser.close();
  }
  for (const [file, ms] of [...perFile].sort(([a], [b]) => a.localeCompare(b))) console.log(`  ${file}: ${(ms / 1000).toFixed(1)} s`);
  console.log(`axe checked ${pages.size} page(s)`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
