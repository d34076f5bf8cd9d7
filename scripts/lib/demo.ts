import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { execSync } from 'node:child_process';
import { hashPassword } from '@kv/auth';
import {
  ensureOperator,
  provisionCenterNow,
  runtimeFor,
  seedCentreBackup,
  seedConsoleDemoCentre,
  seedDemoRequests,
  seedPlatformBilling,
  seedPlatformNewsletterTemplates,
  seedStatistics,
} from '@kv/control-plane';
import { repoRoot, type Platform } from './platform.ts';
import { seedCentre, type CentreDefinition } from './seed/index.ts';

/** Files that make up the SPA's build: its sources and config, the shared package, the lockfile (not tests or journeys). */
function buildInputs(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    if (['node_modules', 'dist', 'e2e'].includes(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue;
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) buildInputs(p, out);
    else out.push(p);
  }
  return out;
}

function webSourceHash(): string {
  const hash = createHash('sha256');
  const files = [
    ...buildInputs(path.join(repoRoot, 'apps/web')),
    ...buildInputs(path.join(repoRoot, 'packages/shared')),
    ...['package.json', 'pnpm-lock.yaml', 'tsconfig.base.json'].map((f) => path.join(repoRoot, f)),
  ];
  for (const file of files) hash.update(path.relative(repoRoot, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 24);
}

/** Builds kept across checkouts and worktrees, by source hash (the newest few). */
const BUILD_CACHE = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'kv-web-build');
const CACHE_KEEP = 4;

/**
 * The SPA's production build for the current sources: apps/web/dist when it was built from them
 * (its .build-hash), else a copy of the build cache's entry for them, else a fresh `vite build`
 * (then cached). Editing a journey or a test does not rebuild.
 */
export function ensureWebBuild(log: (line: string) => void): string {
  const web = path.join(repoRoot, 'apps/web');
  const dist = path.join(web, 'dist');
  const stamp = path.join(dist, '.build-hash');
  const hash = webSourceHash();
  if (existsSync(path.join(dist, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return dist;
  const cached = path.join(BUILD_CACHE, hash);
  if (existsSync(path.join(cached, '.build-hash'))) {
    rmSync(dist, { recursive: true, force: true });
    cpSync(cached, dist, { recursive: true });
    log(`Web app ${hash} copied from the build cache (${BUILD_CACHE})`);
    return dist;
  }
  log('Building the web app…');
  execSync('npx vite build --logLevel warn', { cwd: web, stdio: 'inherit' });
  writeFileSync(stamp, hash);
  try {
    mkdirSync(BUILD_CACHE, { recursive: true });
    const partial = `${cached}.${process.pid}.tmp`;
    cpSync(dist, partial, { recursive: true });
    renameSync(partial, cached);
    const entries = readdirSync(BUILD_CACHE)
      .filter((name) => !name.endsWith('.tmp'))
      .map((name) => ({ name, at: statSync(path.join(BUILD_CACHE, name)).mtimeMs }))
      .sort((a, b) => b.at - a.at);
    for (const old of entries.slice(CACHE_KEEP)) rmSync(path.join(BUILD_CACHE, old.name), { recursive: true, force: true });
  } catch (error) {
    // Another run cached the same build meanwhile, or the cache is not writable: the build stands.
    log(`Build cache not updated: ${error instanceof Error ? error.message : String(error)}`);
  }
  return dist;
}

export function demoCentres(): CentreDefinition[] {
  const dir = path.join(repoRoot, 'tenants');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== 'operators.json')
    .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as CentreDefinition);
}

/** Operators, the demo centres of `tenants/` (provisioned through the control plane) and their demo data. */
export async function seedDemo(platform: Platform, password: string, log: (line: string) => void): Promise<void> {
  const passwordHash = await hashPassword(password);
  const operators = JSON.parse(readFileSync(path.join(repoRoot, 'tenants/operators.json'), 'utf8')).operators;
  for (const op of operators) await ensureOperator(platform.controlDb, { ...op, password });
  const templates = await seedPlatformNewsletterTemplates(platform.controlDb, {
    files: platform.files,
    platformOrigin: runtimeFor(platform.cpDeps).config.platformOrigin,
  });
  if (templates) log(`Seeded ${templates} platform newsletter templates`);
  for (const def of demoCentres()) {
    const t0 = performance.now();
    const owner = def.staff.find((s) => s.role === 'center')!;
    const centre = await provisionCenterNow(platform.cpDeps, {
      name: def.name,
      slug: def.slug,
      kind: def.kind,
      language_pack: def.language_pack,
      contact_email: def.contact_email,
      owner_fname: owner.fname,
      owner_lname: owner.lname,
      owner_username: owner.username,
    });
    const steps = await seedCentre(await platform.centreDb(String(centre.id)), def, {
      passwordHash,
      centre: { id: String(centre.id), origin: platform.centreOrigin(def.slug) },
      files: platform.files,
      log,
    });
    if (steps.length) log(`Seeded demo data for ${def.slug}: ${steps.join(', ')} (${Math.round(performance.now() - t0)} ms)`);
    // The operator console's view of the centre: a pending and a failed domain, ended support sessions.
    const ownerRow = await (await platform.centreDb(String(centre.id)))('users').where({ username: owner.username }).first('id');
    const consoleSteps = ownerRow
      ? await seedConsoleDemoCentre(platform.controlDb, { id: String(centre.id), slug: def.slug }, String(ownerRow.id))
      : [];
    if (consoleSteps.length) log(`Seeded operator console data for ${def.slug}: ${consoleSteps.join(', ')}`);
    // After the demo data, so the backup holds it: one backup and a passed restore drill (first start only).
    const backup = await seedCentreBackup(platform.cpDeps, String(centre.id));
    if (backup) log(`Backed up ${def.slug} (backup ${backup.backup}, drill ${backup.drill})`);
  }
  const demoRequests = await seedDemoRequests(platform.controlDb);
  if (demoRequests) log(`Seeded ${demoRequests} demo requests`);
  // Statistics at first start: the nightly read-only fan-out, run once now that the centres hold their data.
  const read = await seedStatistics(runtimeFor(platform.cpDeps));
  if (read) log(`Read statistics of ${read} centres`);
  const billed = await seedPlatformBilling(platform.controlDb, demoCentres().map((d) => d.slug), {
    // Demo cards are made at the local fake only, never at a live account.
    stripe: platform.cpDeps.stripe?.mode === 'fake' ? runtimeFor(platform.cpDeps).stripe.client() : null,
  });
  if (billed) log(`Seeded platform billing for ${billed} demo centres`);
  await platform.startSchedules();
}
