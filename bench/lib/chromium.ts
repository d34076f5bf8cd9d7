import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * The Chromium the browser figures run in: `CHROMIUM_PATH`, else Debian's, installed with apt-get
 * when missing and this runs as root (as `.ci/run` does for the journeys). Elsewhere it says what
 * to install instead of failing inside playwright.
 */
export function ensureChromium(log: (line: string) => void): string {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(DEBIAN_CHROMIUM)) return DEBIAN_CHROMIUM;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  const apt = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0;
  if (!root || !apt) throw new Error(`No Chromium at ${DEBIAN_CHROMIUM}: install Debian's chromium package or set CHROMIUM_PATH.`);
  log('  installing Chromium (apt-get install chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'ignore', env });
  if (!existsSync(DEBIAN_CHROMIUM)) throw new Error(`apt-get installed chromium, yet ${DEBIAN_CHROMIUM} is missing.`);
  return DEBIAN_CHROMIUM;
}
