/**
 * The live-delivery reference (bench/chat-live.ts): plain Fastify and bare Mercurius with
 * subscriptions (graphql-transport-ws, in-memory pubsub), a mutation that publishes what it is
 * given and a subscription per location — what "send → delivery" costs with no database, no
 * access checks and no outbox. Its own process, like every benchmark server.
 */
import Fastify from 'fastify';
import { mercuriusPath } from '../lib/deps.ts';

const schema = `
  type Ev { id: ID! message: String! }
  type Query { hello: String }
  type Mutation { send(location_id: ID!, id: ID!, message: String!): Boolean! }
  type Subscription { added(location_id: ID!): Ev! }
`;

async function main() {
  const app = Fastify({ logger: false });
  const mercurius = (await import(mercuriusPath)).default;
  await app.register(mercurius, {
    schema,
    jit: 1,
    subscription: true,
    resolvers: {
      Query: { hello: () => 'world' },
      Mutation: {
        send: async (_: unknown, a: { location_id: string; id: string; message: string }, ctx: { pubsub: { publish(e: unknown): Promise<void> } }) => {
          await ctx.pubsub.publish({ topic: `added:${a.location_id}`, payload: { added: { id: a.id, message: a.message } } });
          return true;
        },
      },
      Subscription: {
        added: {
          subscribe: (_: unknown, a: { location_id: string }, ctx: { pubsub: { subscribe(t: string): unknown } }) => ctx.pubsub.subscribe(`added:${a.location_id}`),
        },
      },
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
  const port = (app.server.address() as { port: number }).port;
  process.stdout.write(`READY ${JSON.stringify({ port, ctlPort: 0 })}\n`);
}

main().catch((err) => {
  process.stderr.write(`[live-reference] ${String(err?.stack ?? err)}\n`);
  process.exit(1);
});
