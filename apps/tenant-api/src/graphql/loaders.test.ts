import { describe, expect, it } from 'vitest';
import { loaderResolvers, type LoaderQuery } from './loaders.ts';

type Resolver = (obj: unknown, params: Record<string, unknown>, ctx: object) => Promise<unknown>;

describe('field loaders batched per request', () => {
  const calls: LoaderQuery[][] = [];
  const resolvers = loaderResolvers({
    Student: {
      tags: async (queries: LoaderQuery[]) => {
        calls.push(queries);
        return queries.map((q) => `${(q.obj as { id: string }).id}:${JSON.stringify(q.params)}`);
      },
      broken: async () => [],
    },
  });
  const tags = resolvers.Student!.tags as Resolver;

  it('answers every load of one tick with one call, in order, each parent once per arguments', async () => {
    calls.length = 0;
    const ctx = {};
    const a = { id: '1' };
    const b = { id: '2' };
    const out = await Promise.all([tags(a, {}, ctx), tags(b, {}, ctx), tags(a, {}, ctx), tags(a, { first: 2 }, ctx)]);
    expect(out).toEqual(['1:{}', '2:{}', '1:{}', '1:{"first":2}']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.map((q) => q.obj)).toEqual([a, b, a]);
  });

  it('keeps two parent objects of the same id apart (their scope marks may differ) and requests apart', async () => {
    calls.length = 0;
    const scoped = { id: '1', __scoped: true };
    const plain = { id: '1' };
    await Promise.all([tags(scoped, {}, {}), tags(plain, {}, {})]);
    expect(calls).toHaveLength(2);
    const ctx = {};
    await Promise.all([tags(scoped, {}, ctx), tags(plain, {}, ctx)]);
    expect(calls[2]!.map((q) => q.obj)).toEqual([scoped, plain]);
  });

  it('fails every load of a batch whose loader answers the wrong number of results', async () => {
    const broken = resolvers.Student!.broken as Resolver;
    const ctx = {};
    await expect(Promise.all([broken({ id: '1' }, {}, ctx), broken({ id: '2' }, {}, ctx)])).rejects.toThrow(/0 results for 2 loads/);
  });
});
