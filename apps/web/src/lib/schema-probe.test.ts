import type { Client } from '@urql/core';
import { describe, expect, it } from 'vitest';
import { buildFieldQuery, loadSchemaInfo, probeCount, probeIdNameList, probeNumbers, type FieldInfo, type TypeRef } from './schema-probe';

const named = (name: string, kind = 'OBJECT'): TypeRef => ({ kind, name, ofType: null });
const nonNull = (of: TypeRef): TypeRef => ({ kind: 'NON_NULL', name: null, ofType: of });
const list = (of: TypeRef): TypeRef => ({ kind: 'LIST', name: null, ofType: of });

const queryFields: FieldInfo[] = [
  { name: 'locations', args: [], type: nonNull(list(nonNull(named('Location')))) },
  {
    name: 'students',
    args: [
      { name: 'first', type: nonNull(named('Int', 'SCALAR')) },
      { name: 'location', type: named('ID', 'SCALAR') },
    ],
    type: nonNull(named('StudentPage')),
  },
  { name: 'roomsByLocation', args: [{ name: 'location_id', type: nonNull(named('ID', 'SCALAR')) }], type: nonNull(list(named('Room'))) },
  { name: 'getLocationCounters', args: [{ name: 'location', type: nonNull(named('ID', 'SCALAR')) }], type: named('LocationCounters') },
  { name: 'mystery', args: [{ name: 'secret', type: nonNull(named('String', 'SCALAR')) }], type: list(named('Location')) },
];

const types: Record<string, { name: string; type: TypeRef }[]> = {
  Location: [
    { name: 'id', type: nonNull(named('ID', 'SCALAR')) },
    { name: 'name', type: nonNull(named('String', 'SCALAR')) },
  ],
  StudentPage: [
    { name: 'data', type: list(named('Student')) },
    { name: 'paginatorInfo', type: nonNull(named('PaginatorInfo')) },
  ],
  PaginatorInfo: [{ name: 'total', type: named('Int', 'SCALAR') }],
  Room: [{ name: 'id', type: named('ID', 'SCALAR') }],
  LocationCounters: [
    { name: 'students', type: named('Int', 'SCALAR') },
    { name: 'teachers', type: named('Int', 'SCALAR') },
    { name: 'label', type: named('String', 'SCALAR') },
  ],
};

/** A client that answers introspection from the tables above and records the probe queries. */
function fakeClient(answers: Record<string, unknown>) {
  const seen: { query: string; variables: Record<string, unknown> }[] = [];
  const client = {
    query(query: string, variables: Record<string, unknown>) {
      let data: unknown;
      if (query.includes('ShellSchemaQueryFields')) data = { __schema: { queryType: { fields: queryFields } } };
      else if (query.includes('ShellSchemaTypes')) {
        data = Object.fromEntries(
          [...query.matchAll(/(t\d+): __type\(name: "(\w+)"\)/g)].map(([, alias, name]) => [
            alias,
            types[name!] ? { name, fields: types[name!] } : null,
          ]),
        );
      } else {
        seen.push({ query, variables });
        const field = /probe: (\w+)/.exec(query)![1]!;
        data = { probe: answers[field] };
      }
      return { toPromise: async () => ({ data, error: undefined }) };
    },
  } as unknown as Client;
  return { client, seen };
}

describe('schema probe', () => {
  it('builds a query with the required arguments it can supply', () => {
    const students = queryFields[1]!;
    const built = buildFieldQuery(students, 'paginatorInfo { total }', { locationId: '3' })!;
    expect(built.query).toBe(
      'query ShellProbe($v_first: Int!, $v_location: ID) { probe: students(first: $v_first, location: $v_location) { paginatorInfo { total } } }',
    );
    expect(built.variables).toEqual({ v_first: 1, v_location: '3' });
    expect(buildFieldQuery(queryFields[4]!, 'id', {})).toBeNull();
  });

  it('counts lists and paginated results, and knows when nothing can be asked', async () => {
    const { client } = fakeClient({
      locations: [{ __typename: 'Location' }, { __typename: 'Location' }],
      students: { paginatorInfo: { total: 41 } },
      roomsByLocation: [],
    });
    const schema = await loadSchemaInfo(client, ['locations', 'students', 'roomsByLocation', 'mystery', 'notThere']);
    expect(schema.queryFields.has('notThere')).toBe(false);
    expect(await probeCount(client, schema, ['locations'], {})).toBe(2);
    expect(await probeCount(client, schema, ['students'], {})).toBe(41);
    // roomsByLocation needs a location: without one the step cannot be checked.
    expect(await probeCount(client, schema, ['roomsByLocation'], {})).toBeNull();
    expect(await probeCount(client, schema, ['roomsByLocation'], { locationId: '1' })).toBe(0);
    expect(await probeCount(client, schema, ['notThere', 'mystery'], {})).toBeNull();
  });

  it('reads only the counters the server has, as numbers', async () => {
    const { client, seen } = fakeClient({ getLocationCounters: { students: 12, teachers: 3 } });
    const schema = await loadSchemaInfo(client, ['getLocationCounters']);
    expect(
      await probeNumbers(client, schema, ['getLocationCounters'], ['students', 'teachers', 'waitlist', 'label'], { locationId: '1' }),
    ).toEqual({ students: 12, teachers: 3 });
    expect(seen[0]!.query).toContain('{ students teachers }');
  });

  it('lists id and name rows for the location picker', async () => {
    const { client } = fakeClient({ locations: [{ id: 1, name: 'Downtown' }] });
    const schema = await loadSchemaInfo(client, ['locations']);
    expect(await probeIdNameList(client, schema, ['dropdownLocations', 'locations'], {})).toEqual([{ id: '1', name: 'Downtown' }]);
  });
});
