import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium as playwright } from 'playwright-core';
import type { Benchmark, Figure } from './lib/context.ts';
import { figure, hostOf } from './lib/context.ts';
import { ensureCentres, tokens } from './lib/centres.ts';
import { ensureChromium } from './lib/chromium.ts';
import { BENCH_PASSWORD } from './lib/fixtures.ts';

const SLUG = 'bench-students';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Goals of issue 16 on every page. */
const GOALS: Partial<Record<(typeof CATEGORIES)[number], number>> = { performance: 0.9, accessibility: 1, 'best-practices': 0.95 };
/** Lighthouse's "good" marks of the mobile metrics (the 90th-percentile control points of its scoring). */
const METRICS = [
  { id: 'first-contentful-paint', name: 'FCP', good: 1800, unit: 'ms' },
  { id: 'largest-contentful-paint', name: 'LCP', good: 2500, unit: 'ms' },
  { id: 'total-blocking-time', name: 'TBT', good: 200, unit: 'ms' },
  { id: 'cumulative-layout-shift', name: 'CLS', good: 0.1, unit: 'cls' },
] as const;

export interface LighthousePage {
  /** Path on the centre host. */
  path: string;
  /** Who signs in first (through the sign-in form); none for a guest page. */
  as?: { username: string; password: string };
}

export interface PageReport {
  path: string;
  scores: Record<string, number>;
  metrics: Record<string, number>;
  /** Lighthouse's measure of this machine's CPU (desktop class 1000+; its default 4x slowdown assumes ~1500). */
  benchmarkIndex: number;
  /** The CPU slowdown the run simulated. */
  cpuSlowdown: number;
  /** Audits of the goal categories that scored below 1 (what to fix). */
  failing: string[];
}

interface ChromeLauncher {
  launch(opts: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

// chrome-launcher comes with lighthouse (the copy it was tested with): launches the browser with
// a debugging port that lighthouse and the sign-in step both attach to.
const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse'));
const chromeLauncher = fromLighthouse('chrome-launcher') as ChromeLauncher;

/**
 * The CPU slowdown that makes this machine stand for Lighthouse's target phone, from its
 * benchmarkIndex: the curve of Lighthouse's CPU throttling calculator (docs/throttling.md,
 * "calibrating the CPU slowdown"): 150 is 1x, 800 is 2x, 1300 is 3x, 1533 the default 4x.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex)) throw new Error(`benchmarkIndex ${benchmarkIndex} is not a measure`);
  // Slower than the target phone already (a busy shared machine): no slowdown, and the figures
  // read worse than the phone would see (the benchmarkIndex printed beside them says so).
  if (benchmarkIndex < 150) return 1;
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233;
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return 1 + (benchmarkIndex - 150) / 650;
}

/** Lighthouse's own benchmarkIndex, measured in the browser about to run (the median of three). */
async function measureBenchmarkIndex(port: number): Promise<number> {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const samples: number[] = [];
    for (let i = 0; i < 3; i++) samples.push(await page.evaluate(pageFunctions.computeBenchmarkIndex));
    await page.close();
    return samples.sort((a, b) => a - b)[1]!;
  } finally {
    await browser.close();
  }
}

/** Signs in through the sign-in form in the browser's own profile, then empties its HTTP cache (a first load), keeping the session. */
async function signIn(port: number, origin: string, who: NonNullable<LighthousePage['as']>) {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0]!;
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel(/^username or email/i).fill(who.username);
    await page.getByLabel(/^password(\s*\*)?$/i).fill(who.password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 30_000 });
    await page.getByTestId('user-menu').waitFor({ timeout: 30_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    // Disconnects only: the browser and its signed-in profile stay for lighthouse.
    await browser.close();
  }
}

/**
 * One lighthouse run (mobile, simulated slow 4G: lighthouse's defaults) of a page in a fresh
 * browser. The CPU slowdown is `cpu`, or calibrated to this machine when it is 'calibrated'.
 */
async function runOnce(chromePath: string, origin: string, target: LighthousePage, cpu: number | 'calibrated'): Promise<PageReport> {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const cpuSlowdownMultiplier = cpu === 'calibrated' ? cpuSlowdownFor(await measureBenchmarkIndex(chrome.port)) : cpu;
    if (target.as) await signIn(chrome.port, origin, target.as);
    const result = await lighthouse(`${origin}${target.path}`, {
      throttling: { cpuSlowdownMultiplier },
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      // A signed-in page keeps its session (its cache was emptied by signIn); a guest page starts clean.
      disableStorageReset: Boolean(target.as),
    });
    if (!result) throw new Error(`lighthouse returned nothing for ${target.path}`);
    const lhr = result.lhr;
    // BENCH_LIGHTHOUSE_REPORTS=<dir>: every run's full report (open it in the Lighthouse viewer).
    const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
    if (reports) {
      mkdirSync(reports, { recursive: true });
      const name = `${target.path.replace(/\W+/g, '_') || 'root'}-${new Date().toISOString().replace(/[:.]/g, '-')}.json`;
      writeFileSync(path.join(reports, name), result.report as string);
    }
    if (lhr.runtimeError) throw new Error(`lighthouse on ${target.path}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(CATEGORIES.map((c) => [c, lhr.categories[c]?.score ?? Number.NaN]));
    const metrics = Object.fromEntries(METRICS.map((m) => [m.name, lhr.audits[m.id]?.numericValue ?? Number.NaN]));
    const failing = CATEGORIES.flatMap((c) =>
      (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0)
        .map((ref) => lhr.audits[ref.id]!)
        .filter((a) => a.score !== null && a.score < 1)
        .map((a) => `${c}/${a.id} ${a.score}${a.displayValue ? ` (${a.displayValue})` : ''}`),
    );
    return {
      path: target.path,
      scores,
      metrics,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier ?? Number.NaN,
      failing,
    };
  } finally {
    chrome.kill();
  }
}

/** `runs` lighthouse runs of a page; the run with the median performance score stands (as lighthouse advises). */
export async function lighthousePage(
  chromePath: string,
  origin: string,
  target: LighthousePage,
  runs: number,
  cpu: number | 'calibrated',
): Promise<PageReport> {
  const reports: PageReport[] = [];
  for (let i = 0; i < runs; i++) {
    // A trace lighthouse could not read (NO_NAVSTART, NO_FCP on a stalled machine) gets one more try.
    reports.push(await runOnce(chromePath, origin, target, cpu).catch(() => runOnce(chromePath, origin, target, cpu)));
  }
  reports.sort((a, b) => a.scores.performance! - b.scores.performance!);
  return reports[Math.floor((reports.length - 1) / 2)]!;
}

/** BENCH_LIGHTHOUSE_CPU: unset or 'calibrated' (this machine stands for the target phone), or a fixed slowdown (4: Lighthouse's default). */
export function lighthouseCpu(value: string | undefined): number | 'calibrated' {
  if (!value || value === 'calibrated') return 'calibrated';
  const n = Number(value);
  if (!Number.isFinite(n) || n < 1) throw new Error(`BENCH_LIGHTHOUSE_CPU must be 'calibrated' or a slowdown >= 1, not ${value}`);
  return n;
}

export function pageFigures(b: string, report: PageReport): Figure[] {
  const label = report.path;
  return [
    ...CATEGORIES.map((c) => {
      const goal = GOALS[c];
      return goal === undefined
        ? figure(b, `${label} ${c}`, report.scores[c]!, null, '', 'score')
        : figure(b, `${label} ${c}`, report.scores[c]!, goal, 'goal', 'score', { min: goal, on: 'value', text: `>= ${goal.toFixed(2)}` });
    }),
    ...METRICS.map((m) => figure(b, `${label} ${m.name}`, report.metrics[m.name]!, m.good, 'lighthouse "good"', m.unit)),
  ];
}

/**
 * Lighthouse 12 (mobile profile, simulated slow 4G) on a centre host served by the server mode:
 * the sign-in page as a new visitor, a parent's home and a manager's students list (signed in
 * through the form first, then a first load with an empty cache). Three runs per page, the median
 * by performance. The CPU slowdown is calibrated to this machine (cpuSlowdownFor): Lighthouse's
 * default 4x assumes a desktop host, and on a slower one it simulates a phone slower than its target.
 */
export const lighthouseBench: Benchmark = {
  name: 'lighthouse',
  title: 'Lighthouse (mobile): /login, parent /home, manager /students',
  web: true,
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: 120, tags: true });
    // Activates the accounts (as a first sign-in would find them); their tokens are not used.
    await tokens(ctx, SLUG, ['parent0', 'manager']);
    const origin = `http://${hostOf(SLUG)}:${ctx.platform.port}`;
    const chromePath = ensureChromium(ctx.log);
    const runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? (ctx.quick ? 1 : 3));
    const cpu = lighthouseCpu(process.env.BENCH_LIGHTHOUSE_CPU);
    const pages: LighthousePage[] = [
      { path: '/login' },
      { path: '/home', as: { username: 'parent0', password: BENCH_PASSWORD } },
      { path: '/students', as: { username: 'manager', password: BENCH_PASSWORD } },
    ];
    const out: Figure[] = [];
    for (const target of pages) {
      const report = await lighthousePage(chromePath, origin, target, runs, cpu);
      ctx.log(
        `  ${report.path}: ${CATEGORIES.map((c) => `${c} ${report.scores[c]!.toFixed(2)}`).join(', ')}; ` +
          `${METRICS.map((m) => `${m.name} ${m.unit === 'ms' ? `${report.metrics[m.name]!.toFixed(0)} ms` : report.metrics[m.name]!.toFixed(3)}`).join(', ')}; ` +
          `benchmarkIndex ${report.benchmarkIndex.toFixed(0)}, CPU slowdown ${report.cpuSlowdown.toFixed(1)}x`,
      );
      for (const f of report.failing) ctx.log(`    below 1: ${f}`);
      out.push(...pageFigures('lighthouse', report));
    }
    return out;
  },
};
