/** Test helpers of the live (subscription) tests: a listening tenant app and a graphql-transport-ws client. */
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';
import { testThrottles } from '../../test/harness.ts';
import { buildTenantApp } from '../../app.ts';
import type { TenantApiDeps } from '../../types.ts';

// `ws` comes with Mercurius (through @fastify/websocket); the test borrows it from there.
const requireFromMercurius = createRequire(createRequire(import.meta.url).resolve('mercurius'));
interface WsClient {
  on(event: 'open', fn: () => void): void;
  on(event: 'message', fn: (raw: unknown) => void): void;
  send(data: string): void;
  close(): void;
}
const WebSocket = requireFromMercurius('ws') as new (url: string, protocol: string, opts: { headers: Record<string, string> }) => WsClient;

/** The real tenant app, listening, so WebSocket clients can connect. */
export async function buildLiveApp(deps: TenantApiDeps): Promise<FastifyInstance> {
  const app = await buildTenantApp(deps, { throttles: testThrottles(), rateLimitMax: 1_000_000 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

export interface Sub {
  events: Record<string, any>[];
  errors: unknown[];
  ready: Promise<void>;
  close(): void;
  next(count: number, ms?: number): Promise<Record<string, any>[]>;
}

/** A graphql-transport-ws client for one subscription. */
export function subscribe(
  app: FastifyInstance,
  host: string,
  token: string | null,
  query: string,
  variables: Record<string, unknown>,
): Sub {
  const { port } = app.server.address() as { port: number };
  const ws = new WebSocket(`ws://127.0.0.1:${port}/graphql`, 'graphql-transport-ws', { headers: { host } });
  const events: Record<string, any>[] = [];
  const errors: unknown[] = [];
  let ack: () => void;
  const ready = new Promise<void>((r) => (ack = r));
  ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: token ? { authorization: `Bearer ${token}` } : {} })));
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw));
    if (m.type === 'connection_ack') {
      ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query, variables } }));
      // Give the server a moment to run the subscribe resolver before anything is published.
      setTimeout(() => ack(), 150);
    } else if (m.type === 'next') {
      if (m.payload.errors) errors.push(...m.payload.errors);
      else events.push(m.payload.data);
    } else if (m.type === 'error') errors.push(...m.payload);
  });
  return {
    events,
    errors,
    ready,
    close: () => ws.close(),
    next: async (count, ms = 3000) => {
      const until = Date.now() + ms;
      while (events.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      return events;
    },
  };
}
