/**
 * Benchmark server process: the whole platform as `npm start` runs it (scripts/lib/platform.ts:
 * control plane + tenant API on one port, job workers, outbox, Redis, real Postgres with a
 * database per centre), plus a control port for the runner only (provision and seed centres,
 * mint access tokens, capture the SQL of a request, read the event-loop lag). The control port is
 * never touched while a round is measured.
 */
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Knex } from 'knex';
import { hashPassword, createSessionStore, createTokenService } from '@kv/auth';
import { ensureOperator, provisionCenterNow, seedCentreBackup } from '@kv/control-plane';
import { startPlatform } from '../../scripts/lib/platform.ts';
import { platformSecret } from '../../scripts/lib/services.ts';
import { NO_GENERATION } from '../../scripts/lib/seed/definition.ts';
import { seedCentre } from '../../scripts/lib/seed/index.ts';
import { BENCH_PASSWORD, centreDefinition } from '../lib/fixtures.ts';
import sharp from 'sharp';
import { randomUUID } from 'node:crypto';
import { fileKey } from '@kv/files';
import { checkAndStore, purposeOf, rulesOf } from '@kv/tenant-api';

/** The centre roles, lowest first (packages/shared ROLE_LADDER). */
const LADDER = ['user', 'blog', 'teacher', 'manager', 'center'] as const;
const PORT = Number(process.env.BENCH_PORT ?? 0);
const CTL_PORT = Number(process.env.BENCH_CTL_PORT ?? 0);
const log = (line: string) => process.stderr.write(`[platform] ${line}\n`);

async function main() {
  // BENCH_WEB_DIST: the runner's build of the SPA, served as `npm start` serves it (bench/lib/web-build.ts).
  const platform = await startPlatform({
    port: PORT,
    platformDomain: 'localhost',
    log,
    databasePrefix: 'kvb_',
    webDist: process.env.BENCH_WEB_DIST,
  });
  const port = (platform.server.address() as { port: number }).port;
  const tokens = createTokenService({ secret: platformSecret() });
  let passwordHash: string | undefined;
  const ids = new Map<string, string>();
  const analysed = new Set<string>();

  async function centreId(slug: string): Promise<string> {
    const hit = ids.get(slug);
    if (hit) return hit;
    const row = await platform.controlDb('centers').where({ slug }).first('id');
    if (!row) throw new Error(`No centre ${slug}`);
    ids.set(slug, String(row.id));
    return String(row.id);
  }

  /** Provisions (from the template) and seeds one centre; no-op when it already exists. */
  async function ensureCentre(slug: string, children: number, tags: boolean): Promise<{ provisionedMs: number | null }> {
    const existing = await platform.controlDb('centers').where({ slug, status: 'active' }).first('id');
    let provisionedMs: number | null = null;
    if (!existing) {
      const t0 = performance.now();
      await provisionCenterNow(platform.cpDeps, {
        name: `Bench ${slug}`,
        slug,
        kind: 'childcare',
        language_pack: 'default',
        contact_email: `owner@${slug}.example`,
        owner_fname: 'Dana',
        owner_lname: 'Owner',
        owner_username: 'center',
      });
      provisionedMs = performance.now() - t0;
    }
    const db = await platform.centreDb(await centreId(slug));
    passwordHash ??= await hashPassword(BENCH_PASSWORD);
    // The generator's first steps on the bench's own families (no generated people or history):
    // the same rows as the demo centres, bulk-inserted, so 50 rush centres seed in seconds.
    if (children > 0)
      await seedCentre(db, centreDefinition(slug, children), {
        passwordHash,
        size: { ...NO_GENERATION, tagsPerChild: tags ? 2 : 0, exactTags: true },
        steps: tags ? ['locations', 'staff', 'families', 'labels'] : ['locations', 'staff', 'families'],
      });
    // Planner statistics as a centre in steady state has them (autovacuum would get there later).
    if (children > 0 && !analysed.has(slug)) {
      await db.raw('analyze');
      analysed.add(slug);
    }
    return { provisionedMs };
  }

  /** Access tokens (15 minutes) for seeded accounts, each with its own live session. */
  async function mint(slug: string, usernames: string[]) {
    const id = await centreId(slug);
    const db = await platform.centreDb(id);
    const users = await db('users as u')
      .leftJoin('user_roles as ur', 'ur.user_id', 'u.id')
      .leftJoin('roles as r', 'r.id', 'ur.role_id')
      .whereIn('u.username', usernames)
      .groupBy('u.id')
      .select('u.id', 'u.username', db.raw('array_agg(r.name) as roles'));
    await db('users')
      .whereIn(
        'id',
        users.map((u) => u.id),
      )
      .update({ status: true, pending: false });
    const sessions = createSessionStore(db);
    const out: { username: string; userId: string; token: string }[] = [];
    for (const u of users) {
      const { sessionId } = await sessions.start(String(u.id), { ttlMs: 6 * 3600_000, device: 'bench' });
      const role = LADDER.filter((r) => (u.roles as (string | null)[]).includes(r)).pop() ?? 'guest';
      const { token } = await tokens.signAccess({ sub: String(u.id), tid: id, role, sid: sessionId });
      out.push({ username: u.username, userId: String(u.id), token });
    }
    return out;
  }

  // SQL capture: every statement knex sends for one centre while capture is on.
  let captured: { sql: string; bindings: unknown[] }[] | null = null;
  const listening = new Set<Knex>();
  async function startCapture(slug: string) {
    const db = await platform.centreDb(await centreId(slug));
    captured = [];
    if (!listening.has(db)) {
      listening.add(db);
      db.on('query', (q: { sql: string; bindings?: unknown[] }) => {
        if (!captured) return;
        const native = (db.client as unknown as { positionBindings(sql: string): string }).positionBindings(q.sql);
        captured.push({ sql: native, bindings: q.bindings ?? [] });
      });
    }
  }

  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();

  const routes: Record<string, (body: Record<string, unknown>) => Promise<unknown>> = {
    '/centres': async (b) => {
      const slugs = b.slugs as string[];
      const children = Number(b.children ?? 0);
      const tags = Boolean(b.tags);
      const out: { slug: string; id: string; provisionedMs: number | null }[] = [];
      const queue = [...slugs];
      const worker = async () => {
        for (let slug = queue.shift(); slug; slug = queue.shift()) {
          const r = await ensureCentre(slug, children, tags);
          out.push({ slug, id: await centreId(slug), ...r });
        }
      };
      await Promise.all(Array.from({ length: Number(b.parallel ?? 1) }, worker));
      return out;
    },
    '/tokens': async (b) => mint(String(b.slug), b.usernames as string[]),
    /** An admin operator of the platform host, for benchmarks that go through the control plane's API. */
    '/operator': async () => {
      const username = 'bench-operator';
      await ensureOperator(platform.controlDb, { username, password: BENCH_PASSWORD, fname: 'Bench', lname: 'Operator', role: 'admin' });
      return { username, password: BENCH_PASSWORD };
    },
    /** The PIN of the newest sign-up mail to `email` (the dev mailbox's rows): the funnel's second step. */
    '/signup-pin': async (b) => {
      const row = await platform.controlDb('outbound_messages').where({ recipient: String(b.email) }).orderBy('id', 'desc').first('data');
      if (!row) throw new Error(`No mail to ${String(b.email)}`);
      return { pin: String(row.data.pin) };
    },
    /** A backup and its restore drill, as the nightly jobs make them: the safeguard a delete needs. */
    '/backup-drill': async (b) => seedCentreBackup(platform.cpDeps, String(b.id)),
    '/capture/start': async (b) => {
      await startCapture(String(b.slug));
      return { ok: true };
    },
    '/capture/stop': async () => {
      const out = captured ?? [];
      captured = null;
      return out;
    },
    '/pools': async () => ({ opened: platform.pools.openedCount, open: platform.pools.size }),
    '/lag/reset': async () => {
      lag.reset();
      return { ok: true };
    },
    '/lag': async () => ({ p50: lag.percentile(50) / 1e6, p99: lag.percentile(99) / 1e6, max: lag.max / 1e6 }),
    '/sql': async (b) => {
      const db = await platform.centreDb(await centreId(String(b.slug)));
      return (await db.raw(String(b.sql), (b.bindings as Knex.RawBinding[]) ?? [])).rows;
    },
    /**
     * `count` students-album photos of `width`×`height` (a JPEG drawn once with sharp), stored
     * through the files service's check for `album_photo` at the centre's image setting, as the
     * demo seed stores its photos; kept between runs (caption `bench-<w>x<h>`). Answers their ids.
     */
    '/album-images': async (b) => {
      const id = await centreId(String(b.slug));
      const db = await platform.centreDb(id);
      const [w, h, count] = [Number(b.width), Number(b.height), Number(b.count)];
      const caption = `bench-${w}x${h}`;
      const have = await db('photos').where({ caption }).whereNull('deleted_at').orderBy('id').pluck('id');
      if (have.length < count) {
        const loc = await db('locations').orderBy('id').first('id');
        const uploader = await db('users').where({ username: 'manager' }).first('id');
        // A photo-like image (noise over a gradient), so the encoders work as on a real picture.
        const noise = await sharp({
          create: { width: w, height: h, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
        })
          .blur(1.2)
          .jpeg({ quality: 90 })
          .toBuffer();
        const rules = await rulesOf(db, purposeOf('album_photo')!);
        for (let i = have.length; i < count; i++) {
          const fileId = randomUUID();
          const checked = await checkAndStore(platform.files, id, fileId, 'album_photo', noise, 'image/jpeg', rules);
          if (!checked.ok) throw new Error(`bench image refused: ${checked.reason}`);
          await db('files').insert({
            id: fileId,
            purpose: 'album_photo',
            owner_id: loc.id,
            ...checked.ready,
            original_name: `${caption}.jpg`,
            declared_type: 'image/jpeg',
            declared_size: noise.length,
            uploaded_by: uploader.id,
            upload_expires_at: new Date(),
            checked_at: new Date(),
          });
          const [row] = await db('photos')
            .insert({
              album: 'students',
              file_id: fileId,
              location_id: loc.id,
              caption,
              taken_at: new Date(),
              status: 'approved',
              uploaded_by: uploader.id,
            })
            .returning('id');
          have.push(row.id);
        }
      }
      return have.slice(0, count).map(String);
    },
    /**
     * The reference of `photos-resize`: the same stored images (read first, not timed) re-encoded
     * by bare sharp to the same setting (WebP main at the long side, thumbnail), one after another.
     */
    '/bare-reencode': async (b) => {
      const id = await centreId(String(b.slug));
      const db = await platform.centreDb(id);
      const fileIds = await db('photos')
        .whereIn('id', b.ids as string[])
        .pluck('file_id');
      const images = await Promise.all(fileIds.map((f: string) => platform.files.read(fileKey(id, f, 'main'), 64 * 1024 * 1024)));
      const [long, quality, thumb] = [Number(b.long_side), Number(b.quality), Number(b.thumbnail)];
      const t0 = performance.now();
      for (const img of images) {
        await sharp(img).rotate().resize(long, long, { fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer();
        await sharp(img).rotate().resize(thumb, thumb, { fit: 'inside', withoutEnlargement: true }).webp({ quality }).toBuffer();
      }
      return { ms: performance.now() - t0, images: images.length };
    },
    '/centre-url': async (b) => {
      const id = await centreId(String(b.slug));
      const entry = await platform.directory.resolve(`${String(b.slug)}.localhost`);
      return { id, url: entry ? await platform.directory.connectionUrl(entry) : null };
    },
  };

  const ctl = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const handler = routes[req.url ?? ''];
      if (!handler) {
        res.writeHead(404).end();
        return;
      }
      handler(raw ? JSON.parse(raw) : {})
        .then((out) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(out)))
        .catch((err: Error) => {
          log(`ctl ${req.url} failed: ${err.stack ?? err.message}`);
          res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: err.message }));
        });
    });
  });
  await new Promise<void>((resolve) => ctl.listen(CTL_PORT, '127.0.0.1', resolve));
  const ctlPort = (ctl.address() as { port: number }).port;

  const stop = async () => {
    ctl.close();
    await platform.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  process.stdout.write(`READY ${JSON.stringify({ port, ctlPort })}\n`);
}

main().catch((err) => {
  log(String(err?.stack ?? err));
  process.exit(1);
});
