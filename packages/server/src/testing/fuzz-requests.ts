import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isInterfaceType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { valueFor } from './fuzz-values.ts';

/** One HTTP request of the fuzz, as `app.inject` takes it. */
export interface FuzzRequest {
  /** What the request tries, for the report: `Mutation.addCenter` or `malformed: alias flood`. */
  label: string;
  method: 'POST' | 'GET' | 'PUT';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

export interface FuzzOperation {
  kind: 'query' | 'mutation' | 'subscription';
  field: GraphQLField<unknown, unknown>;
}

/** Every root field of a schema: each query, mutation and subscription. */
export function operationsOf(schema: GraphQLSchema): FuzzOperation[] {
  const out: FuzzOperation[] = [];
  for (const [kind, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) out.push({ kind, field });
  }
  return out;
}

/** The scalar fields of a result (no required arguments), so resolvers and serialisers of the type run too. */
function selectionFor(type: GraphQLOutputType): string {
  const named = getNamedType(type);
  if (isScalarType(named) || isEnumType(named)) return '';
  if (!isObjectType(named) && !isInterfaceType(named)) return '{ __typename }';
  const leaves = Object.values(named.getFields())
    .filter((f) => !f.args.some((a) => isNonNullType(a.type)))
    .filter((f) => {
      const t = getNamedType(f.type);
      return isScalarType(t) || isEnumType(t);
    })
    .map((f) => f.name);
  return `{ __typename ${leaves.join(' ')} }`;
}

/** A JavaScript value written as a GraphQL literal (for documents that carry their arguments inline). */
export function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '0';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  const entries = Object.entries(value as object).filter(([k]) => /^[_A-Za-z]\w*$/.test(k));
  return `{${entries.map(([k, v]) => `${k}: ${literal(v)}`).join(', ')}}`;
}

const json = (body: unknown) => JSON.stringify(body);

/**
 * Requests for one operation: its arguments as variables (most) or inline literals, each from
 * `valueFor` (wrong types, nulls, unknown fields, hostile strings), sometimes with required ones
 * left out or an undeclared variable added.
 */
export function operationRequests(op: FuzzOperation): fc.Arbitrary<Omit<FuzzRequest, 'headers'> & { headers: Record<string, string> }> {
  const { field, kind } = op;
  const label = `${kind === 'query' ? 'Query' : kind === 'mutation' ? 'Mutation' : 'Subscription'}.${field.name}`;
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const a of field.args) model[a.name] = valueFor(a.type, a.name);
  const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined).map((a) => a.name);
  const args = fc.oneof(
    { arbitrary: fc.record(model, { requiredKeys: required }), weight: 8 },
    { arbitrary: fc.record(model, { requiredKeys: [] }), weight: 1 },
  );
  const selection = selectionFor(field.type);
  const name = `Fuzz_${field.name}`;
  const declared = field.args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ');
  const passed = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
  const withVariables = `${kind} ${name}${declared ? `(${declared})` : ''} { ${field.name}${passed ? `(${passed})` : ''} ${selection} }`;

  return fc.tuple(args, fc.nat(19), fc.string({ maxLength: 6 })).map(([values, dice, extra]) => {
    const variables = values as Record<string, unknown>;
    let query = withVariables;
    let body: Record<string, unknown> = { query, variables, operationName: name };
    if (dice < 4) {
      // Inline literals: the document itself is checked against the argument types.
      const inline = Object.entries(variables)
        .map(([k, v]) => `${k}: ${literal(v)}`)
        .join(', ');
      query = `${kind} ${name} { ${field.name}${inline ? `(${inline})` : ''} ${selection} }`;
      body = { query, operationName: name };
    } else if (dice === 4) {
      body = { query, variables: { ...variables, [`undeclared_${extra}`]: extra } };
    } else if (dice === 5) {
      body = { query, variables: null, operationName: null, extensions: null };
    }
    return { label, method: 'POST' as const, url: '/graphql', headers: { 'content-type': 'application/json' }, payload: json(body) };
  });
}

const nest = (depth: number, inner: string, wrap: (s: string) => string) => {
  let s = inner;
  for (let i = 0; i < depth; i++) s = wrap(s);
  return s;
};

/** Malformed HTTP requests and hostile documents, whatever the schema. */
export function malformedRequests(): fc.Arbitrary<FuzzRequest> {
  const post = (label: string, payload: string, contentType = 'application/json', extra: Record<string, string> = {}): FuzzRequest => ({
    label: `malformed: ${label}`,
    method: 'POST',
    url: '/graphql',
    headers: { 'content-type': contentType, ...extra },
    payload,
  });
  const n = (min: number, max: number) => fc.integer({ min, max });
  return fc.oneof(
    fc.string({ maxLength: 200 }).map((s) => post('bad JSON', `{"query": ${s}`)),
    fc.string({ unit: 'binary', maxLength: 200 }).map((s) => post('random body', s)),
    fc.jsonValue({ maxDepth: 3 }).map((v) => post('JSON not a request', json(v))),
    fc
      .record({
        query: fc.jsonValue({ maxDepth: 2 }),
        variables: fc.jsonValue({ maxDepth: 2 }),
        operationName: fc.jsonValue({ maxDepth: 1 }),
      })
      .map((b) => post('wrong parameter types', json(b))),
    fc
      .record({ extensions: fc.jsonValue({ maxDepth: 2 }) })
      .map((b) => post('extensions of any type', json({ query: '{ __typename }', ...b }))),
    n(11, 400).map((d) =>
      post('depth flood', json({ query: `{ ${nest(d, 'name', (s) => `__schema { types { fields { type { ofType { ${s} } } } } }`)} }` })),
    ),
    n(11, 60).map((d) =>
      post('depth flood (ofType)', json({ query: `{ __type(name: "Query") { ${nest(d, 'name', (s) => `ofType { ${s} }`)} } }` })),
    ),
    n(16, 3000).map((k) =>
      post('alias flood', json({ query: `{ ${Array.from({ length: k }, (_, i) => `a${i}: __typename`).join(' ')} }` })),
    ),
    n(2, 3000).map((k) => post('directive flood', json({ query: `{ __typename ${'@include(if: true) '.repeat(k)}}` }))),
    n(2, 3000).map((k) => post('field flood', json({ query: `{ ${'__typename '.repeat(k)}}` }))),
    n(2, 200).map((k) =>
      post(
        'fragment flood',
        json({
          query: `{ ...F0 } ${Array.from({ length: k }, (_, i) => `fragment F${i} on Query { __typename ...F${i + 1} }`).join(' ')} fragment F${k} on Query { __typename }`,
        }),
      ),
    ),
    fc.constant(post('fragment cycle', json({ query: '{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }' }))),
    fc.constant(post('two operations, no name', json({ query: 'query A { __typename } query B { __typename }' }))),
    fc.string({ maxLength: 30 }).map((s) => post('unknown operation name', json({ query: 'query A { __typename }', operationName: s }))),
    fc.constant(post('empty document', json({ query: '' }))),
    fc.constant(post('batch', json([{ query: '{ __typename }' }, { query: '{ __typename }' }]))),
    n(1_000, 20_000).map((d) =>
      post('deeply nested variables', `{"query":"{ __typename }","variables":{"v":${'['.repeat(d)}${']'.repeat(d)}}}`),
    ),
    n(1_000, 20_000).map((d) => post('deeply nested JSON', `${'{"a":'.repeat(d)}1${'}'.repeat(d)}`)),
    n(1_100_000, 1_300_000).map((size) =>
      post('body over the limit', json({ query: '{ __typename }', variables: { v: 'x'.repeat(size) } })),
    ),
    fc.constant(post('text/plain (CSRF)', json({ query: '{ __typename }' }), 'text/plain')),
    fc.constant(post('form (CSRF)', 'query=%7B__typename%7D', 'application/x-www-form-urlencoded')),
    fc.constant(post('multipart', '--x\r\n\r\n--x--', 'multipart/form-data; boundary=x')),
    fc.constant(post('application/graphql', '{ __typename }', 'application/graphql')),
    fc.constant(post('no content type', json({ query: '{ __typename }' }), '')),
    fc.constant(post('unknown charset', json({ query: '{ __typename }' }), 'application/json; charset=utf-7')),
    fc.constant(post('bad bearer', json({ query: '{ __typename }' }), 'application/json', { authorization: 'Bearer x.y.z' })),
    fc
      .string({ maxLength: 80 })
      .map((s) => post('odd authorization', json({ query: '{ __typename }' }), 'application/json', { authorization: s })),
    fc
      .constantFrom('application/graphql-response+json', 'text/html', '*/*', 'application/json;q=0', 'nonsense')
      .map((accept) => post(`accept ${accept}`, json({ query: '{ nosuchfield }' }), 'application/json', { accept })),
    fc.string({ maxLength: 60 }).map((q) => ({
      label: 'malformed: GET',
      method: 'GET' as const,
      url: `/graphql?query=${encodeURIComponent(q)}`,
      headers: {},
    })),
    fc.constant({ label: 'malformed: GET mutation', method: 'GET' as const, url: '/graphql?query=mutation%7B__typename%7D', headers: {} }),
    fc.constant({
      label: 'malformed: PUT',
      method: 'PUT' as const,
      url: '/graphql',
      headers: { 'content-type': 'application/json' },
      payload: json({ query: '{ __typename }' }),
    }),
  );
}
