/**
 * Reference server process: what the stack is measured against, on the same machine and in the
 * same run. Plain Fastify (no plugins, no hooks) with:
 * - `GET /hello`: the hello-world ceiling;
 * - `POST /graphql`: bare Mercurius (`jit: 1`) answering `{ __typename }`;
 * - `POST /students`: a REST route running exactly the SQL statements one GraphQL students page
 *   ran (captured from the platform process), through `pg` with a pool of the same size;
 * - `POST /checkin`: a REST route doing the check-in's INSERT through `pg`.
 * The control port (`/setup`) receives those statements before a benchmark.
 */
import http from 'node:http';
import Fastify from 'fastify';
import { pg, mercuriusPath, type PgPool } from '../lib/deps.ts';

interface Statements {
  url: string;
  statements: { sql: string; bindings: unknown[] }[];
}
interface Insert {
  url: string;
  sql: string;
  params: unknown[];
}

const POOL_MAX = Number(process.env.BENCH_REF_POOL ?? 10);

async function main() {
  const app = Fastify({ logger: false });
  const mercurius = (await import(mercuriusPath)).default;
  await app.register(mercurius, { schema: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } }, jit: 1 });
  app.get('/hello', async () => ({ hello: 'world' }));

  const pools = new Map<string, PgPool>();
  const poolFor = (url: string) => {
    let p = pools.get(url);
    if (!p) pools.set(url, (p = new pg.Pool({ connectionString: url, max: POOL_MAX, application_name: 'kv-bench-reference' })));
    return p;
  };
  let students: Statements | null = null;
  let checkin: Insert | null = null;

  app.post('/students', async () => {
    if (!students) throw new Error('not set up');
    const pool = poolFor(students.url);
    const out: unknown[] = [];
    for (const s of students.statements) out.push((await pool.query(s.sql, s.bindings)).rows);
    return { data: out };
  });
  app.post('/checkin', async () => {
    if (!checkin) throw new Error('not set up');
    const { rows } = await poolFor(checkin.url).query(checkin.sql, checkin.params);
    return { data: rows[0] };
  });
  await app.listen({ port: Number(process.env.BENCH_REF_PORT ?? 0), host: '127.0.0.1' });

  const ctl = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = raw ? JSON.parse(raw) : {};
      if (req.url === '/setup') {
        if (body.students) students = body.students as Statements;
        if (body.checkin) checkin = body.checkin as Insert;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => ctl.listen(0, '127.0.0.1', resolve));

  const stop = async () => {
    ctl.close();
    await app.close();
    await Promise.allSettled([...pools.values()].map((p) => p.end()));
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  const port = (app.server.address() as { port: number }).port;
  process.stdout.write(`READY ${JSON.stringify({ port, ctlPort: (ctl.address() as { port: number }).port })}\n`);
}

main().catch((err) => {
  process.stderr.write(`[reference] ${String(err?.stack ?? err)}\n`);
  process.exit(1);
});
