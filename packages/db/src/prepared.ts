import { createHash } from 'node:crypto';
import type { Knex } from 'knex';

/** Bounds the caches below: statements have a handful of shapes; the cap only guards against a shape built from data. */
const MAX_STATEMENTS = 500;

/**
 * The one way to run a statement prepared: write it with the `sql` tag and run it with `runSql`.
 *
 *     const rows = await runSql<Row>(db, sql`select id from students where id = any(${ids}::bigint[])`);
 *
 * Every `${value}` is a binding, `${sql`…`}` or `${raw('…')}` is spliced in. `runSql` sends the
 * numbered text (`$1`, `$2`…) on a connection of the pool (or the transaction's own) as a named
 * prepared statement, its name derived from the text: node-postgres prepares it once per
 * connection and Postgres reuses its plan. Knex compiles nothing: on the hot paths (check-in,
 * session lookup, camera facts) compiling the same text on every call cost as much as the rest of
 * the request's JavaScript, and planning it more than running it.
 */
export class Sql {
  /** `strings[i]` comes before `values[i]`; one more string than values. */
  constructor(
    readonly strings: readonly string[],
    readonly values: readonly unknown[],
    /** The strings are a call site's, the same on every call (see `sql`): `runSql` remembers the statement by them. */
    readonly shared = false,
  ) {}
}

interface Shape {
  /** The strings of each piece spliced in (undefined where a value is bound). */
  pieces: readonly (readonly string[] | undefined)[];
  strings: readonly string[];
}

/**
 * Per call site: the shapes it took, by the strings of the pieces spliced into it. When every piece
 * has the same strings as in a known shape (a module constant, the same `raw` text, a template of
 * its own call site), the statement reuses that shape's merged strings, so `runSql` finds its text
 * and name by identity instead of building and hashing the text again.
 */
const shapes = new WeakMap<TemplateStringsArray, Shape[]>();
const MAX_SHAPES = 16;

const sameShape = (shape: Shape, values: readonly unknown[]) =>
  values.every((v, i) => shape.pieces[i] === (v instanceof Sql ? v.strings : undefined));

/** A tagged template: `${value}` becomes a binding, `${sql`…`}` (or `raw`) is spliced in. */
export function sql(parts: TemplateStringsArray, ...values: unknown[]): Sql {
  let nested = false;
  for (const v of values) if (v instanceof Sql) nested = true;
  if (!nested) return new Sql(parts, values, true);
  const bindings: unknown[] = [];
  for (const v of values) {
    if (v instanceof Sql) for (const b of v.values) bindings.push(b);
    else bindings.push(v);
  }
  let known = shapes.get(parts);
  const shape = known?.find((s) => sameShape(s, values));
  if (shape) return new Sql(shape.strings, bindings, true);
  const strings: string[] = [parts[0]!];
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v instanceof Sql) {
      strings[strings.length - 1] += v.strings[0]!;
      for (let j = 1; j < v.strings.length; j++) strings.push(v.strings[j]!);
      strings[strings.length - 1] += parts[i + 1]!;
    } else strings.push(parts[i + 1]!);
  }
  if (!known) shapes.set(parts, (known = []));
  // Beyond the cap (a shape built from data), statements are found by their text.
  const kept = known.length < MAX_SHAPES;
  if (kept) known.push({ pieces: values.map((v) => (v instanceof Sql ? v.strings : undefined)), strings });
  return new Sql(strings, bindings, kept);
}

const raws = new Map<string, Sql>();

/**
 * SQL text without bindings (column lists, aliases, a fixed clause: never user input). The same
 * text gives the same piece (a bounded number of texts), so a statement splicing it keeps its shape.
 */
export function raw(text: string): Sql {
  let piece = raws.get(text);
  if (!piece) {
    piece = new Sql([text], []);
    if (raws.size < MAX_STATEMENTS) raws.set(text, piece);
  }
  return piece;
}

/** The statement's text with `$1`, `$2`… for its bindings. */
export function sqlText(q: Sql): string {
  let text = q.strings[0]!;
  for (let i = 1; i < q.strings.length; i++) text += `$${i}${q.strings[i]}`;
  return text;
}

/** Bumped when Postgres refuses a prepared statement whose result changed; part of every name. */
let generation = 0;

const isStaleResult = (err: unknown) => (err as { code?: string }).code === '0A000';

interface Statement {
  text: string;
  name: string;
}

/** Statements by text. */
const byText = new Map<string, Statement>();
/** The same by the identity of a statement's strings (a call site's template, see `sql`): no text to build or hash. */
const byStrings = new WeakMap<readonly string[], Statement>();

function statementOf(q: Sql): Statement {
  const known = q.shared ? byStrings.get(q.strings) : undefined;
  if (known) return known;
  const text = sqlText(q);
  let st = byText.get(text);
  if (!st) {
    st = { text, name: `kv_${createHash('sha1').update(text).digest('hex').slice(0, 24)}` };
    if (byText.size < MAX_STATEMENTS) byText.set(text, st);
  }
  if (q.shared) byStrings.set(q.strings, st);
  return st;
}

interface PgConnection {
  query(config: { name: string; text: string; values: readonly unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a statement as a named prepared statement and gives its rows. After a migration changed
 * what a statement returns, Postgres refuses the old prepared one ("cached plan must not change
 * result type", 0A000): the statement then runs again under a new generation of names, which every
 * later call uses too. Listeners of knex's 'query' event (statement counts in tests and the bench)
 * still see every statement.
 */
export async function runSql<Row>(db: Knex | Knex.Transaction, q: Sql): Promise<Row[]> {
  const { text, name } = statementOf(q);
  const client = db.client as Knex.Client;
  const conn = (await client.acquireConnection()) as PgConnection;
  try {
    client.emit('query', { sql: text, bindings: q.values, method: 'raw', options: { name } });
    const seen = generation;
    try {
      return (await conn.query({ name: `${name}_g${seen}`, text, values: q.values })).rows as Row[];
    } catch (err) {
      if (!isStaleResult(err)) throw err;
      if (generation === seen) generation++;
      return (await conn.query({ name: `${name}_g${generation}`, text, values: q.values })).rows as Row[];
    }
  } finally {
    await client.releaseConnection(conn);
  }
}
