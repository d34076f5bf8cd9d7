import { Writable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import mercurius from 'mercurius';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, badInput } from './errors.ts';
import { createErrorFormatter } from './error-formatter.ts';
import { guardGraphqlExecution, guardGraphqlRoute, hardenedGraphqlOptions } from './graphql-hardening.ts';
import { LOG_REDACT_PATHS, serverLogOptions } from './logging.ts';

const schema = /* GraphQL */ `
  input PersonInput {
    id: ID!
    name: String
  }
  type Node {
    id: ID!
    child: Node
  }
  type Query {
    people(first: Int, ids: [ID!]): [Node!]!
    node(id: ID!): Node
    boom: Int
    refused: Int
  }
  type Mutation {
    addPeople(people: [PersonInput!]!): Int!
  }
  type Subscription {
    ticks: Int!
  }
`;

const lines: Record<string, any>[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

async function build(level: string): Promise<FastifyInstance> {
  const log = pino({ level, redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } }, sink);
  const describeRequest = () => ({ centreId: '7', userId: '42' });
  const app = Fastify(serverLogOptions(log, describeRequest)) as unknown as FastifyInstance;
  guardGraphqlRoute(app);
  await app.register(mercurius, {
    schema,
    resolvers: {
      Query: {
        people: () => [],
        node: (_: unknown, { id }: { id: string }) => ({ id, child: { id } }),
        boom: () => {
          throw new Error('relation "secret_table" does not exist at /srv/app/repo.ts:12:3');
        },
        refused: () => {
          throw badInput('refused', 'Not like that.');
        },
      },
      Mutation: { addPeople: (_: unknown, { people }: { people: unknown[] }) => people.length },
    },
    ...hardenedGraphqlOptions({ production: true }),
    errorFormatter: createErrorFormatter({ production: true, describe: describeRequest }) as never,
  });
  guardGraphqlExecution(app);
  return app;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await build('info');
});
afterAll(() => app.close());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  app.inject({
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
  });

const ADD = 'mutation Add($people: [PersonInput!]!) { addPeople(people: $people) }';

describe('error formatter', () => {
  it('answers a variable of the wrong shape with BAD_USER_INPUT naming it, before and after the document is compiled', async () => {
    for (let i = 0; i < 4; i++) {
      // Mercurius checks variables itself, then (from the second use) through graphql-jit: same answer.
      const r = await post({ query: ADD, variables: { people: ['6'] } });
      expect(r.statusCode).toBe(200);
      const [error] = r.json().errors;
      expect(error.extensions).toEqual({ code: 'BAD_USER_INPUT', field: expect.stringMatching(/^people/) });
      expect(error.message).toMatch(/\$people/);
      expect(error.message).toMatch(/PersonInput/);
      expect(r.json()).not.toHaveProperty('data');
    }
    const unknownField = await post({ query: ADD, variables: { people: [{ id: '1', nickname: 'x' }] } });
    expect(unknownField.json().errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const list = await post({ query: 'query($id: ID!) { node(id: $id) { id } }', variables: { id: ['1'] } });
    expect(list.json().errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
    const word = await post({ query: 'query($n: Int) { people(first: $n) { id } }', variables: { n: 'abc' } });
    expect(word.json().errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'n' });
  });

  it('answers a wrong literal and an unknown field with GRAPHQL_VALIDATION_FAILED, without suggestions in production', async () => {
    const literal = await post({ query: '{ people(first: "abc") { id } }' });
    expect(literal.statusCode).toBe(200);
    expect(literal.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const typo = await post({ query: '{ peeple { id } }' });
    expect(typo.json().errors[0].message).not.toMatch(/Did you mean/);
  });

  it('answers a document past the depth limit as a client error, never a 5xx', async () => {
    let inner = 'id';
    for (let i = 0; i < 14; i++) inner = `child { ${inner} }`;
    const r = await post({ query: `{ node(id: "1") { ${inner} } }` });
    expect(r.statusCode).toBe(200);
    expect(r.json().errors[0]).toMatchObject({
      message: expect.stringMatching(/depth/),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    const strict = await post({ query: `{ node(id: "1") { ${inner} } }` }, { accept: 'application/graphql-response+json' });
    expect(strict.statusCode).toBe(400);
  });

  it('answers argument errors found while running (a defaulted variable sent as null) with BAD_USER_INPUT', async () => {
    const r = await post({ query: 'query($id: ID = "1") { node(id: $id) { id } }', variables: { id: null } });
    expect(r.json().errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'id' });
  });

  it('speaks application/graphql-response+json to clients that accept it: 400 and no data for request errors', async () => {
    const ok = await post({ query: '{ people { id } }' }, { accept: 'application/graphql-response+json, application/json' });
    expect(ok.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(ok.json()).toEqual({ data: { people: [] } });
    const bad = await post({ query: ADD, variables: { people: null } }, { accept: 'application/graphql-response+json' });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('application/graphql-response+json; charset=utf-8');
    expect(bad.json()).not.toHaveProperty('data');
    const legacy = await post({ query: '{ people { id } }' }, { accept: 'application/graphql-response+json;q=0, application/json' });
    expect(legacy.headers['content-type']).toMatch(/^application\/json/);
  });

  it('accepts a null extensions parameter, and refuses parameters of the wrong type with 400 BAD_REQUEST', async () => {
    const r = await post({ query: '{ people { id } }', extensions: null });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ data: { people: [] } });
    for (const body of [
      { query: 12 },
      { query: '{ people { id } }', operationName: true },
      { query: '{ people { id } }', variables: [1] },
    ]) {
      const bad = await post(body);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0]).toMatchObject({ message: expect.stringMatching(/^body\//), extensions: { code: 'BAD_REQUEST' } });
    }
  });

  it('passes AppErrors with their code and field', async () => {
    const r = await post({ query: '{ refused }' });
    expect(r.json().errors[0]).toMatchObject({ message: 'Not like that.', extensions: { code: 'BAD_USER_INPUT', field: 'refused' } });
    expect(new AppError('X', 'y').extensions).toEqual({ code: 'X' });
  });

  it('masks an unexpected error and logs it with its cause, request id, centre, user and operation', async () => {
    lines.length = 0;
    const r = await post({ query: 'query Explode { boom }' }, { authorization: 'Bearer very-secret-token' });
    const [error] = r.json().errors;
    expect(error).toEqual({ message: 'Internal error', path: ['boom'], extensions: { code: 'INTERNAL', requestId: expect.any(String) } });
    expect(r.body).not.toMatch(/secret_table|\/srv\//);
    const logged = lines.find((l) => l.msg === 'internal error');
    expect(logged).toMatchObject({ level: 50, requestId: error.extensions.requestId, centreId: '7', userId: '42', operation: 'Explode' });
    expect(logged!.err.message).toContain('secret_table');
    expect(logged!.err.stack).toContain('error-formatter.test.ts');
    const done = lines.find((l) => l.msg === 'request');
    expect(done).toMatchObject({
      requestId: error.extensions.requestId,
      status: 200,
      outcome: 'failed',
      codes: ['INTERNAL'],
      operation: 'Explode',
    });
    expect(done!.durationMs).toBeGreaterThanOrEqual(0);
    expect(JSON.stringify(lines)).not.toContain('very-secret-token');
  });

  it('writes one info line per request, none below info', async () => {
    lines.length = 0;
    await post({ query: 'query People { people { id } }' });
    expect(lines).toEqual([expect.objectContaining({ msg: 'request', outcome: 'ok', operation: 'People', centreId: '7', method: 'POST' })]);
    const quiet = await build('warn');
    lines.length = 0;
    await quiet.inject({ method: 'POST', url: '/graphql', payload: { query: '{ people { id } }' } });
    await quiet.inject({ method: 'POST', url: '/graphql', payload: { query: '{ refused }' } });
    expect(lines).toEqual([]);
    await quiet.inject({ method: 'POST', url: '/graphql', payload: { query: '{ boom }' } });
    expect(lines.map((l) => l.msg)).toEqual(['internal error']);
    await quiet.close();
  });

  it('refuses text with a NUL character, naming the variable and the place in it', async () => {
    const r = await post({ query: ADD, variables: { people: [{ id: '1', name: 'a\u0000b' }] } });
    expect(r.json().errors[0].extensions).toEqual({ code: 'BAD_USER_INPUT', field: 'people[0].name' });
    const literal = await post({ query: '{ node(id: "a\\u0000") { id } }' });
    expect(literal.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('refuses subscriptions over POST, a query that is a JSON syntax tree, and methods other than POST', async () => {
    const sub = await post({ query: 'subscription { ticks }' });
    expect(sub.statusCode).toBe(200);
    expect(sub.json().errors[0]).toMatchObject({
      message: expect.stringMatching(/WebSocket/),
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
    for (const query of ['12', '"{ people { id } }"', JSON.stringify({ kind: 'Document', definitions: [{}] })]) {
      const r = await post({ query });
      expect(r.statusCode).toBe(200);
      expect(r.json().errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    }
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const r = await app.inject({ method, url: '/graphql?query=%7B__typename%7D' });
      expect(r.statusCode).toBe(405);
      expect(r.json().errors[0].extensions.code).toBe('METHOD_NOT_ALLOWED');
    }
  });

  it('redacts secrets wherever they sit in a logged object', () => {
    const out: string[] = [];
    const log = pino(
      { redact: { paths: LOG_REDACT_PATHS, censor: '[redacted]' } },
      new Writable({
        write(c, _e, d) {
          out.push(String(c));
          d();
        },
      }),
    );
    log.info(
      { password: 'p1', input: { pin: '1234', token: 't1' }, a: { b: { refresh_token: 'r1' } }, headers: { authorization: 'Bearer x1' } },
      'x',
    );
    expect(out.join('')).not.toMatch(/p1|1234|t1|r1|x1/);
  });
});
