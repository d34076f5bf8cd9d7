import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { execSync } from 'node:child_process';
import { hashPassword } from '@kv/auth';
import { ensureOperator, provisionCenterNow } from '@kv/control-plane';
import { repoRoot, type Platform } from './platform.ts';
import { seedCentre, type CentreDefinition } from './seed/index.ts';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds the SPA when there is no build or a source file is newer than it. */
export function ensureWebBuild(log: (line: string) => void): string {
  const web = path.join(repoRoot, 'apps/web');
  const dist = path.join(web, 'dist');
  const index = path.join(dist, 'index.html');
  if (
    !existsSync(index) ||
    newestMtime(web) > statSync(index).mtimeMs ||
    newestMtime(path.join(repoRoot, 'packages/shared')) > statSync(index).mtimeMs
  ) {
    log('Building the web app…');
    execSync('npx vite build --logLevel warn', { cwd: web, stdio: 'inherit' });
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
  }
  await platform.startSchedules();
}
