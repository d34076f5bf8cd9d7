import { createRequire } from 'node:module';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Benchmark, BenchContext } from './lib/context.ts';
import { figure, hostOf, postGraphql } from './lib/context.ts';
import { ensureCentres, sql, tokens } from './lib/centres.ts';
import { mercuriusPath } from './lib/deps.ts';
import { startProcess } from './lib/procs.ts';

const SLUG = 'bench-students';
const CLIENTS = 200;

// `ws` comes with Mercurius (through @fastify/websocket), as in the live tests.
interface WsClient {
  on(event: 'open' | 'close', fn: () => void): void;
  on(event: 'message', fn: (raw: unknown) => void): void;
  on(event: 'error', fn: (err: Error) => void): void;
  send(data: string): void;
  close(): void;
}
const WebSocket = createRequire(mercuriusPath)('ws') as new (url: string, protocol: string, opts: { headers: Record<string, string> }) => WsClient;

interface Side {
  /** Sends one message carrying `stamp`; resolves when the server answered. */
  send(stamp: string): Promise<void>;
  port: number;
  host: string;
  token: string | null;
  query: string;
  variables: Record<string, unknown>;
  /** The stamp in a delivered event. */
  stampOf(data: Record<string, any>): string | undefined;
}

/** Opens `n` subscribed clients; `arrived(stamp)` is called with each client's arrival time. */
async function openClients(side: Side, n: number, arrived: (stamp: string, at: number) => void): Promise<() => void> {
  const sockets: WsClient[] = [];
  const ready: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${side.port}/graphql`, 'graphql-transport-ws', { headers: { host: side.host } });
    sockets.push(ws);
    ready.push(
      new Promise<void>((resolve, reject) => {
        ws.on('error', reject);
        ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: side.token ? { authorization: `Bearer ${side.token}` } : {} })));
        ws.on('message', (raw) => {
          const m = JSON.parse(String(raw));
          if (m.type === 'connection_ack') {
            ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: side.query, variables: side.variables } }));
            // The subscribe resolver runs after the frame; a moment later the client is listening.
            setTimeout(resolve, 300);
          } else if (m.type === 'next' && m.payload?.errors) {
            reject(new Error(JSON.stringify(m.payload.errors)));
          } else if (m.type === 'next' && m.payload?.data) {
            const stamp = side.stampOf(m.payload.data);
            if (stamp) arrived(stamp, performance.now());
          } else if (m.type === 'error') reject(new Error(JSON.stringify(m.payload)));
        });
      }),
    );
    // Open in small batches: a burst of 200 handshakes measures the accept queue, not delivery.
    if (i % 20 === 19) await Promise.all(ready.slice(i - 19, i + 1));
  }
  await Promise.all(ready);
  return () => sockets.forEach((s) => s.close());
}

/** `rounds` sends, one at a time: each waits until every client has it (or 10 s); latencies in ms. */
async function measure(side: Side, rounds: number): Promise<{ latencies: number[]; missing: number }> {
  const sentAt = new Map<string, number>();
  const got = new Map<string, number>();
  const latencies: number[] = [];
  let waiter: (() => void) | null = null;
  const close = await openClients(side, CLIENTS, (stamp, at) => {
    const t0 = sentAt.get(stamp);
    if (t0 === undefined) return;
    latencies.push(at - t0);
    const n = (got.get(stamp) ?? 0) + 1;
    got.set(stamp, n);
    if (n === CLIENTS) waiter?.();
  });
  let missing = 0;
  try {
    for (let r = 0; r < rounds; r++) {
      const stamp = `bench-${process.pid}-${Date.now()}-${r}`;
      const all = new Promise<void>((resolve) => {
        waiter = resolve;
        setTimeout(resolve, 10_000);
      });
      sentAt.set(stamp, performance.now());
      await side.send(stamp);
      await all;
      missing += CLIENTS - (got.get(stamp) ?? 0);
    }
  } finally {
    close();
  }
  return { latencies, missing };
}

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

function post(port: number, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path: '/graphql', method: 'POST', headers: { 'content-type': 'application/json' } }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`reference answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Live chat delivery: 200 WebSocket clients subscribed to `chatMessageAdded` of one location,
 * and the time from sending a message (`sendChatMessage`: scope, insert, outbox, domain event,
 * publish, the thread re-checked per subscriber) to its arrival at each client, p50 and p95,
 * against bare Mercurius publishing the same frame to 200 subscribers (no database, no checks).
 */
export const chatLive: Benchmark = {
  name: 'chat-live',
  title: 'chat send → delivery on 200 subscribed GraphQL WebSocket clients against a bare Mercurius publish',
  async run(ctx: BenchContext) {
    await ensureCentres(ctx, [SLUG], { children: 120, tags: true });
    const owner = (await tokens(ctx, SLUG, ['center'])).get('center')!;
    const [kid] = await sql<{ id: string; location_id: string }>(
      ctx,
      SLUG,
      'select id::text, location_id::text from students where deleted_at is null and status order by id limit 1',
    );
    if (!kid) throw new Error('no child in the bench centre');
    const reference = await startProcess<{ port: number }>('bench/server/live-reference.ts', {}, ctx.log);
    const rounds = ctx.quick ? 5 : 20;
    const ours: Side = {
      port: ctx.platform.port,
      host: hostOf(SLUG),
      token: owner.token,
      query: 'subscription($l: ID!) { chatMessageAdded(location_id: $l) { kind id message } }',
      variables: { l: kid.location_id },
      stampOf: (d) => d.chatMessageAdded?.message,
      send: async (stamp) => {
        const r = await postGraphql(ctx, hostOf(SLUG), owner.token, 'mutation($m: String, $s: ID) { sendChatMessage(msg: $m, student_id: $s) { status } }', {
          m: stamp,
          s: kid.id,
        });
        if (r.status !== 200 || !r.body.includes('"status":true')) throw new Error(`sendChatMessage failed: ${r.body.slice(0, 200)}`);
      },
    };
    const bare: Side = {
      port: reference.info.port,
      host: '127.0.0.1',
      token: null,
      query: 'subscription($l: ID!) { added(location_id: $l) { id message } }',
      variables: { l: kid.location_id },
      stampOf: (d) => d.added?.message,
      send: (stamp) =>
        post(
          reference.info.port,
          JSON.stringify({ query: 'mutation($l: ID!, $id: ID!, $m: String!) { send(location_id: $l, id: $id, message: $m) }', variables: { l: kid.location_id, id: stamp, m: stamp } }),
        ),
    };
    const oursAll: number[] = [];
    const bareAll: number[] = [];
    let missing = 0;
    try {
      // Interleaved rounds, so drift of the machine falls on both sides alike.
      for (let rep = 0; rep < Math.max(1, ctx.reps); rep++) {
        const a = await measure(ours, rounds);
        const b = await measure(bare, rounds);
        oursAll.push(...a.latencies);
        bareAll.push(...b.latencies);
        missing += a.missing;
        ctx.log(`  round ${rep + 1}: ours p50 ${pct(a.latencies, 50).toFixed(1)} ms, bare Mercurius p50 ${pct(b.latencies, 50).toFixed(1)} ms`);
      }
    } finally {
      await reference.stop();
    }
    const b = 'chat-live';
    return [
      figure(b, `send → delivery p50, ${CLIENTS} subscribers (ms)`, pct(oursAll, 50), pct(bareAll, 50), 'bare Mercurius publish', 'ms'),
      figure(b, `send → delivery p95, ${CLIENTS} subscribers (ms)`, pct(oursAll, 95), pct(bareAll, 95), 'bare Mercurius publish', 'ms'),
      figure(b, 'deliveries missing (ours)', missing, null, '', 'count', { max: 0, on: 'value', text: '0' }),
    ];
  },
};
