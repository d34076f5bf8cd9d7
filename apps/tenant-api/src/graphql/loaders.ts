/**
 * Per-request batching of the modules' field loaders (`TenantModule.loaders`): every load of a
 * field in one tick becomes one call of its loader with all the parents, as Mercurius' loaders do.
 * Mercurius keyed each load by serialising the whole parent row (safe-stable-stringify of
 * `{ obj, params }`), which was a fifth of a 50-row students page's server time; here a load is
 * known by the parent object itself and its arguments. Two different parent objects are never
 * merged, since rows of the same id may carry different scope marks (`__scoped`).
 */
export interface LoaderQuery {
  obj: unknown;
  params: Record<string, unknown>;
}
export type LoaderFn = (queries: LoaderQuery[], context: object) => Promise<unknown[]>;

interface Pending {
  query: LoaderQuery;
  resolve(value: unknown): void;
  reject(reason: unknown): void;
}

class FieldBatch {
  private pending: Pending[] = [];
  private readonly seen = new Map<unknown, Map<string, Promise<unknown>>>();

  constructor(
    private readonly name: string,
    private readonly load: LoaderFn,
    private readonly context: object,
  ) {}

  add(obj: unknown, params: Record<string, unknown>): Promise<unknown> {
    const argsKey = Object.keys(params).length ? JSON.stringify(params) : '';
    let byArgs = this.seen.get(obj);
    const known = byArgs?.get(argsKey);
    if (known) return known;
    const promise = new Promise<unknown>((resolve, reject) => {
      if (this.pending.length === 0) process.nextTick(() => this.flush());
      this.pending.push({ query: { obj, params }, resolve, reject });
    });
    if (!byArgs) this.seen.set(obj, (byArgs = new Map()));
    byArgs.set(argsKey, promise);
    return promise;
  }

  private flush(): void {
    const batch = this.pending;
    this.pending = [];
    const fail = (err: unknown) => batch.forEach((p) => p.reject(err));
    this.load(
      batch.map((p) => p.query),
      this.context,
    ).then((results) => {
      if (!Array.isArray(results) || results.length !== batch.length) {
        fail(new Error(`Loader ${this.name} answered ${Array.isArray(results) ? results.length : 'no'} results for ${batch.length} loads`));
        return;
      }
      batch.forEach((p, i) => p.resolve(results[i]));
    }, fail);
  }
}

const batchesOf = new WeakMap<object, Map<string, FieldBatch>>();

/** Field resolvers that batch through the loaders, per request context. */
export function loaderResolvers(loaders: Record<string, Record<string, unknown>>): Record<string, Record<string, unknown>> {
  const resolvers: Record<string, Record<string, unknown>> = {};
  for (const [type, fields] of Object.entries(loaders)) {
    resolvers[type] = {};
    for (const [field, load] of Object.entries(fields)) {
      const name = `${type}.${field}`;
      resolvers[type][field] = (obj: unknown, params: Record<string, unknown>, context: object) => {
        let batches = batchesOf.get(context);
        if (!batches) batchesOf.set(context, (batches = new Map()));
        let batch = batches.get(name);
        if (!batch) batches.set(name, (batch = new FieldBatch(name, load as LoaderFn, context)));
        return batch.add(obj, params ?? {});
      };
    }
  }
  return resolvers;
}
