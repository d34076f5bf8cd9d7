import type { Client } from '@urql/core';

/**
 * Reads the live schema (introspection) so the shell can use data whose module may not have
 * landed on this server yet: a card, a checklist tick or the location picker appears only when
 * the query that feeds it exists, and is built from the field's real arguments and type.
 */
export interface TypeRef {
  kind: string;
  name: string | null;
  ofType?: TypeRef | null;
}

export interface FieldInfo {
  name: string;
  args: { name: string; type: TypeRef }[];
  type: TypeRef;
}

export interface SchemaInfo {
  queryFields: ReadonlyMap<string, FieldInfo>;
  /** Object type name → its fields (only for types reachable from probed query fields). */
  objectFields: ReadonlyMap<string, ReadonlyMap<string, TypeRef>>;
}

const TYPE_REF = `kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } }`;

const QUERY_FIELDS = `query ShellSchemaQueryFields {
  __schema { queryType { fields { name args { name type { ${TYPE_REF} } } type { ${TYPE_REF} } } } }
}`;

export function namedType(ref: TypeRef): TypeRef {
  let current = ref;
  while (current.ofType) current = current.ofType;
  return current;
}

export function isListType(ref: TypeRef): boolean {
  let current: TypeRef | null | undefined = ref;
  while (current) {
    if (current.kind === 'LIST') return true;
    current = current.ofType;
  }
  return false;
}

export function typeToString(ref: TypeRef): string {
  if (ref.kind === 'NON_NULL') return `${typeToString(ref.ofType!)}!`;
  if (ref.kind === 'LIST') return `[${typeToString(ref.ofType!)}]`;
  return ref.name ?? 'String';
}

interface IntrospectionResult {
  __schema: { queryType: { fields: FieldInfo[] } };
}

async function loadObjectFields(client: Client, typeNames: string[]): Promise<Map<string, Map<string, TypeRef>>> {
  const out = new Map<string, Map<string, TypeRef>>();
  if (typeNames.length === 0) return out;
  const aliases = typeNames.map((name, i) => `t${i}: __type(name: ${JSON.stringify(name)}) { name fields { name type { ${TYPE_REF} } } }`);
  const result = await client
    .query<Record<string, { name: string; fields: { name: string; type: TypeRef }[] | null } | null>>(
      `query ShellSchemaTypes { ${aliases.join('\n')} }`,
      {},
      { requestPolicy: 'cache-first' },
    )
    .toPromise();
  for (const type of Object.values(result.data ?? {})) {
    if (type?.fields) out.set(type.name, new Map(type.fields.map((f) => [f.name, f.type])));
  }
  return out;
}

const cache = new WeakMap<Client, Map<string, Promise<SchemaInfo>>>();

/**
 * Introspects the Query fields named in `candidates` and the object types they return (and one
 * level below, for `paginatorInfo` / `data` wrappers). Unknown fields are simply absent.
 */
export function loadSchemaInfo(client: Client, candidates: readonly string[]): Promise<SchemaInfo> {
  const key = [...candidates].sort().join(',');
  let perClient = cache.get(client);
  if (!perClient) {
    perClient = new Map();
    cache.set(client, perClient);
  }
  const cached = perClient.get(key);
  if (cached) return cached;
  const promise = (async (): Promise<SchemaInfo> => {
    const result = await client.query<IntrospectionResult>(QUERY_FIELDS, {}, { requestPolicy: 'cache-first' }).toPromise();
    const all = result.data?.__schema.queryType.fields ?? [];
    const queryFields = new Map(all.filter((f) => candidates.includes(f.name)).map((f) => [f.name, f]));
    const firstLevel = [
      ...new Set(
        [...queryFields.values()]
          .map((f) => namedType(f.type))
          .filter((t) => t.kind === 'OBJECT')
          .map((t) => t.name!),
      ),
    ];
    const objectFields = await loadObjectFields(client, firstLevel);
    const secondLevel = new Set<string>();
    for (const fields of objectFields.values()) {
      for (const wrapper of ['paginatorInfo', 'data']) {
        const ref = fields.get(wrapper);
        const inner = ref ? namedType(ref) : null;
        if (inner?.kind === 'OBJECT' && inner.name && !objectFields.has(inner.name)) secondLevel.add(inner.name);
      }
    }
    for (const [name, fields] of await loadObjectFields(client, [...secondLevel])) objectFields.set(name, fields);
    return { queryFields, objectFields };
  })();
  perClient.set(key, promise);
  // A failed introspection is not cached: the next view tries again.
  promise.catch(() => perClient.delete(key));
  return promise;
}

/** Values the shell can supply for a field's required arguments. */
export interface ProbeContext {
  locationId?: string | null;
  role?: string | null;
}

const LOCATION_ARGS = ['location', 'location_id', 'locationId'];

function argumentValue(name: string, type: TypeRef, context: ProbeContext): unknown {
  const named = namedType(type).name;
  if (name === 'first') return 1;
  if (name === 'page') return 1;
  if (LOCATION_ARGS.includes(name) && context.locationId) return named === 'Int' ? Number(context.locationId) : context.locationId;
  if (name === 'role' && context.role) return context.role;
  return undefined;
}

/** Optional arguments worth passing anyway: the current location scopes what a manager may read. */
const PASS_WHEN_OPTIONAL = [...LOCATION_ARGS, 'role'];

interface BuiltQuery {
  field: FieldInfo;
  query: string;
  variables: Record<string, unknown>;
}

/** Builds `query { field(requiredArgs) { selection } }`, or null when a required argument cannot be supplied. */
export function buildFieldQuery(field: FieldInfo, selection: string, context: ProbeContext): BuiltQuery | null {
  const declarations: string[] = [];
  const callArgs: string[] = [];
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    const required = arg.type.kind === 'NON_NULL';
    const value = required || PASS_WHEN_OPTIONAL.includes(arg.name) ? argumentValue(arg.name, arg.type, context) : undefined;
    if (value === undefined) {
      if (required) return null;
      continue;
    }
    const variable = `v_${arg.name}`;
    declarations.push(`$${variable}: ${typeToString(arg.type)}`);
    callArgs.push(`${arg.name}: $${variable}`);
    variables[variable] = value;
  }
  const head = declarations.length ? `(${declarations.join(', ')})` : '';
  const call = callArgs.length ? `(${callArgs.join(', ')})` : '';
  return { field, query: `query ShellProbe${head} { probe: ${field.name}${call}${selection ? ` { ${selection} }` : ''} }`, variables };
}

type CountShape = 'list' | 'paginated' | 'data' | 'object' | 'scalar';

function countShape(field: FieldInfo, schema: SchemaInfo): { shape: CountShape; selection: string } | null {
  const named = namedType(field.type);
  if (named.kind === 'SCALAR') return named.name === 'Int' ? { shape: 'scalar', selection: '' } : null;
  if (isListType(field.type)) return { shape: 'list', selection: '__typename' };
  const fields = named.name ? schema.objectFields.get(named.name) : undefined;
  if (!fields) return null;
  if (fields.has('paginatorInfo')) return { shape: 'paginated', selection: 'paginatorInfo { total }' };
  const data = fields.get('data');
  if (data && isListType(data)) return { shape: 'data', selection: 'data { __typename }' };
  const marker = ['school_name', 'name', 'id'].find((n) => fields.has(n) && namedType(fields.get(n)!).kind === 'SCALAR');
  return marker ? { shape: 'object', selection: marker } : null;
}

/**
 * How many records the first existing candidate query returns: a number, or null when no
 * candidate exists on this server or can be called with what the shell knows.
 */
export async function probeCount(
  client: Client,
  schema: SchemaInfo,
  candidates: readonly string[],
  context: ProbeContext,
): Promise<number | null> {
  for (const name of candidates) {
    const field = schema.queryFields.get(name);
    if (!field) continue;
    const shape = countShape(field, schema);
    if (!shape) continue;
    const built = buildFieldQuery(field, shape.selection, context);
    if (!built) continue;
    const result = await client.query<{ probe: unknown }>(built.query, built.variables, { requestPolicy: 'network-only' }).toPromise();
    // Refused (scope, role) or failed: try the next candidate.
    if (result.error || !result.data) continue;
    const value = result.data.probe;
    switch (shape.shape) {
      case 'list':
        return Array.isArray(value) ? value.length : 0;
      case 'paginated':
        return (value as { paginatorInfo?: { total?: number } } | null)?.paginatorInfo?.total ?? 0;
      case 'data':
        return ((value as { data?: unknown[] } | null)?.data ?? []).length;
      case 'object': {
        const marker = shape.selection;
        const v = (value as Record<string, unknown> | null)?.[marker];
        return v === null || v === undefined || v === '' ? 0 : 1;
      }
      case 'scalar':
        return typeof value === 'number' ? value : 0;
    }
  }
  return null;
}

/** Int fields of the first existing candidate's object result, by name (e.g. location counters). */
export async function probeNumbers(
  client: Client,
  schema: SchemaInfo,
  candidates: readonly string[],
  wanted: readonly string[],
  context: ProbeContext,
): Promise<Record<string, number> | null> {
  for (const name of candidates) {
    const field = schema.queryFields.get(name);
    if (!field || isListType(field.type)) continue;
    const named = namedType(field.type);
    const fields = named.name ? schema.objectFields.get(named.name) : undefined;
    if (!fields) continue;
    const present = wanted.filter((w) => {
      const ref = fields.get(w);
      return ref && namedType(ref).name === 'Int';
    });
    if (present.length === 0) continue;
    const built = buildFieldQuery(field, present.join(' '), context);
    if (!built) continue;
    const result = await client
      .query<{ probe: Record<string, number | null> | null }>(built.query, built.variables, { requestPolicy: 'network-only' })
      .toPromise();
    if (result.error || !result.data?.probe) continue;
    const out: Record<string, number> = {};
    for (const key of present) {
      const v = result.data.probe[key];
      if (typeof v === 'number') out[key] = v;
    }
    return out;
  }
  return null;
}

/** `{ id name }` rows of the first existing candidate list query (e.g. the location picker). */
export async function probeIdNameList(
  client: Client,
  schema: SchemaInfo,
  candidates: readonly string[],
  context: ProbeContext,
): Promise<{ id: string; name: string }[] | null> {
  for (const name of candidates) {
    const field = schema.queryFields.get(name);
    if (!field || !isListType(field.type)) continue;
    const named = namedType(field.type);
    const fields = named.name ? schema.objectFields.get(named.name) : undefined;
    if (!fields?.has('id') || !fields.has('name')) continue;
    const built = buildFieldQuery(field, 'id name', context);
    if (!built) continue;
    const result = await client
      .query<{ probe: { id: string | number; name: string }[] | null }>(built.query, built.variables, { requestPolicy: 'network-only' })
      .toPromise();
    if (result.error) continue;
    return (result.data?.probe ?? []).map((row) => ({ id: String(row.id), name: row.name }));
  }
  return null;
}
