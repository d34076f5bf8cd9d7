import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import type { GraphQLSchema } from 'graphql';
import { malformedRequests, operationRequests, operationsOf, type FuzzRequest } from './fuzz-requests.ts';

/** Someone the fuzz sends requests as: anonymous, a role of the centre, a token of another centre. */
export interface FuzzActor {
  name: string;
  /** Headers added to each request (authorization); read anew for every request. */
  headers(): Record<string, string>;
  /** Signs in again after a request ended the actor's session (logout, a changed password). */
  renew?(): Promise<void>;
}

export interface FuzzOptions {
  app: FastifyInstance;
  schema: GraphQLSchema;
  actors: FuzzActor[];
  /** Headers of every request (the centre's Host). */
  headers?: Record<string, string>;
  /** Requests per operation and actor. */
  perOperation: number;
  /** Malformed HTTP requests and hostile documents, sent as each actor in turn. */
  malformed: number;
  seed: number;
  /** Requests in flight at once. */
  concurrency?: number;
}

export interface FuzzFinding {
  label: string;
  actor: string;
  problem: string;
  status: number;
  request: string;
  response: string;
}

export interface FuzzReport {
  seed: number;
  requests: number;
  operations: number;
  serverErrors: number;
  internal: number;
  leaks: number;
  untyped: number;
  /** How the answers went, by first error code (`data` when none): shows how deep the requests reached. */
  outcomes: Record<string, number>;
  findings: FuzzFinding[];
}

/** Requests per operation and caller: 2 in CI; FUZZ_PER_OPERATION digs deeper by hand. */
export function fuzzPerOperation(fallback = 2): number {
  const n = Number(process.env.FUZZ_PER_OPERATION ?? fallback);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`FUZZ_PER_OPERATION must be a positive integer (got "${process.env.FUZZ_PER_OPERATION}").`);
  return n;
}

/** FC_SEED replays a run; otherwise each run explores new inputs (its seed is printed). */
export function fuzzSeed(): number {
  const fromEnv = process.env.FC_SEED;
  if (fromEnv !== undefined && fromEnv !== '') {
    const seed = Number(fromEnv);
    if (!Number.isSafeInteger(seed)) throw new Error(`FC_SEED must be an integer (got "${fromEnv}").`);
    return seed;
  }
  return Math.floor(Math.random() * 2 ** 31);
}

/** Stack frames, SQL, database internals and server paths: none may reach a client. */
const LEAKS: [string, RegExp][] = [
  ['stack frame', /\bat (?:async )?[\w$.<>[\] ]*\(?(?:file:|node:|\/)[^)\s]*:\d+:\d+\)?/],
  ['stack frame', /\n\s+at /],
  ['SQL', /\bselect\b[^"]{0,200}\bfrom\s+"|\binsert into\s+"|\bupdate\s+"\w+"\s+set\b|\bdelete from\s+"|\breturning\s+"/i],
  [
    'SQL',
    /violates (?:foreign key|unique|not-null|check) constraint|syntax error at or near|relation "[^"]+" does not exist|column "[^"]+" (?:does not exist|of relation)|invalid input syntax for|value too long for type|out of range for type|SQLSTATE|\bpg_catalog\b/i,
  ],
  [
    'server path',
    /(?:^|[\s"'(])\/(?:home|work|srv|usr|opt|root|var|tmp|app)\/[\w.@-]+\/|node_modules|file:\/\/\/|\b[\w-]+\.(?:ts|js|mjs|cjs):\d+/,
  ],
];

/** Every string the request carried, so an answer echoing the client's own input is not taken for a leak. */
function echoes(request: FuzzRequest): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.length >= 4) {
        out.add(v);
        out.add(JSON.stringify(v).slice(1, -1));
        out.add(JSON.stringify(JSON.stringify(v)).slice(3, -3));
      }
    } else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  if (request.payload) {
    out.add(request.payload);
    try {
      walk(JSON.parse(request.payload));
    } catch {
      // not JSON: the payload itself is the only echo
    }
  }
  walk(decodeURIComponent(request.url.split('?')[1] ?? ''));
  return [...out].sort((a, b) => b.length - a.length);
}

interface Verdict {
  problems: string[];
  codes: string[];
}

/** What is wrong with one answer: a 5xx, an INTERNAL, a leak, an error without a code, a body that is no GraphQL answer. */
export function judge(request: FuzzRequest, status: number, body: string): Verdict {
  const problems: string[] = [];
  const codes: string[] = [];
  if (status >= 500) problems.push(`HTTP ${status}`);
  let scrubbed = body;
  for (const e of echoes(request)) if (scrubbed.includes(e)) scrubbed = scrubbed.split(e).join('');
  for (const [kind, re] of LEAKS) if (re.test(scrubbed)) problems.push(`leak: ${kind}`);
  let parsed: { errors?: unknown; data?: unknown } | undefined;
  try {
    parsed = JSON.parse(body);
  } catch {
    problems.push('untyped: not JSON');
  }
  if (parsed && typeof parsed === 'object') {
    if (!('errors' in parsed) && !('data' in parsed)) problems.push('untyped: neither data nor errors');
    if ('errors' in parsed) {
      const errors = Array.isArray(parsed.errors) ? (parsed.errors as { extensions?: { code?: unknown } }[]) : [];
      if (!errors.length) problems.push('untyped: errors is not a list of errors');
      for (const e of errors) {
        const code = e?.extensions?.code;
        if (typeof code !== 'string' || !code) problems.push('untyped: error without extensions.code');
        else codes.push(code);
      }
    }
  }
  if (codes.includes('INTERNAL')) problems.push('INTERNAL');
  return { problems: [...new Set(problems)], codes };
}

async function pool<T>(items: T[], size: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) await run(items[next++]!);
    }),
  );
}

const clip = (s: string, n = 600) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

/**
 * Schema-driven fuzz: every operation of `schema` as every actor, `perOperation` times each, with
 * variables from `fuzz-values` (seeded: `seed` replays the run), then malformed requests. Answers
 * are judged by `judge`; nothing here decides pass or fail, the caller asserts on the report.
 */
export async function fuzzGraphql(opts: FuzzOptions): Promise<FuzzReport> {
  const report: FuzzReport = {
    seed: opts.seed,
    requests: 0,
    operations: 0,
    serverErrors: 0,
    internal: 0,
    leaks: 0,
    untyped: 0,
    outcomes: {},
    findings: [],
  };
  const send = async (request: FuzzRequest, actor: FuzzActor): Promise<string[]> => {
    const res = await opts.app.inject({
      method: request.method,
      url: request.url,
      headers: { ...opts.headers, ...request.headers, ...actor.headers() },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    report.requests++;
    const { problems, codes } = judge(request, res.statusCode, res.body);
    const outcome = codes[0] ?? (res.statusCode < 300 ? 'data' : `HTTP ${res.statusCode}`);
    report.outcomes[outcome] = (report.outcomes[outcome] ?? 0) + 1;
    if (res.statusCode >= 500) report.serverErrors++;
    if (codes.includes('INTERNAL')) report.internal++;
    if (problems.some((p) => p.startsWith('leak'))) report.leaks++;
    if (problems.some((p) => p.startsWith('untyped'))) report.untyped++;
    if (problems.length)
      report.findings.push({
        label: request.label,
        actor: actor.name,
        problem: problems.join(', '),
        status: res.statusCode,
        request: clip(request.payload ?? request.url),
        response: clip(res.body),
      });
    return codes;
  };

  const operations = operationsOf(opts.schema);
  report.operations = operations.length;
  const concurrency = opts.concurrency ?? 6;
  for (const [i, op] of operations.entries()) {
    const samples = fc.sample(operationRequests(op), { seed: opts.seed + i, numRuns: opts.perOperation * opts.actors.length });
    const jobs = samples.map((request, k) => ({ request, actor: opts.actors[k % opts.actors.length]! }));
    const lostSession = new Set<FuzzActor>();
    await pool(jobs, concurrency, async ({ request, actor }) => {
      const codes = await send(request, actor);
      if (actor.renew && codes.includes('UNAUTHENTICATED')) lostSession.add(actor);
    });
    for (const actor of lostSession) await actor.renew!();
  }

  const malformed = fc.sample(malformedRequests(), { seed: opts.seed - 1, numRuns: opts.malformed });
  await pool(
    malformed.map((request, k) => ({ request, actor: opts.actors[k % opts.actors.length]! })),
    concurrency,
    async ({ request, actor }) => void (await send(request, actor)),
  );
  return report;
}

/** The figures line every run prints: `fuzz: 3124 requests, 0 5xx, 0 INTERNAL, 0 leaks, 0 untyped, seed 123`. */
export function formatFuzz(name: string, r: FuzzReport): string {
  return (
    `fuzz ${name}: ${r.requests} requests over ${r.operations} operations, ${r.serverErrors} 5xx, ${r.internal} INTERNAL, ` +
    `${r.leaks} leaks, ${r.untyped} untyped errors, seed ${r.seed} (FC_SEED=${r.seed} replays it)\n  answers: ` +
    Object.entries(r.outcomes)
      .sort((a, b) => b[1] - a[1])
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')
  );
}

/** The findings grouped by operation, caller kind and problem, each with its count and first example. */
export function formatFindings(r: FuzzReport, max = 25): string {
  const groups = new Map<string, { count: number; first: FuzzFinding }>();
  for (const f of r.findings) {
    const key = `${f.label}: ${f.problem}`;
    const g = groups.get(key);
    if (g) g.count++;
    else groups.set(key, { count: 1, first: f });
  }
  const lines = [...groups.entries()]
    .slice(0, max)
    .map(
      ([key, { count, first: f }]) =>
        `- ${key} ×${count} (first as ${f.actor}, HTTP ${f.status})\n    request:  ${f.request}\n    response: ${f.response}`,
    );
  if (groups.size > max) lines.push(`… and ${groups.size - max} more kinds of finding`);
  return `${r.findings.length} findings (FC_SEED=${r.seed} replays them):\n${lines.join('\n')}`;
}
