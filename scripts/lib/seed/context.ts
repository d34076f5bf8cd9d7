import type { Faker } from '@faker-js/faker';
import type { Knex } from 'knex';
import type { FileStore } from '@kv/files';
import type { CentreDefinition, SeedSize } from './definition.ts';
import type { Vocabulary } from './vocabulary.ts';

export interface SeededLocation {
  id: string;
  name: string;
  timezone: string;
}
export interface SeededRoom {
  id: string;
  name: string;
  location_id: string;
  /** "Location/Room", as the definitions name rooms. */
  key: string;
}
export interface SeededPerson {
  id: string;
  username: string;
  fname: string;
  lname: string;
  role: string;
}
export interface SeededChild {
  id: string;
  fname: string;
  lname: string;
  location_id: string;
  program_id: string | null;
  type: string | null;
  status: boolean;
  /** Weekdays of the child's first schedule (the one the families step writes; Monday to Friday without one). */
  week_schedule: string[];
  archived: boolean;
}

/** What every step gets: its transaction, its own seeded faker, the definition and readers of what earlier steps wrote. */
export interface SeedContext {
  trx: Knex.Transaction;
  def: CentreDefinition;
  size: SeedSize;
  vocabulary: Vocabulary;
  /** Seeded from the centre's slug and the step's name: adding a step never changes another's data. */
  faker: Faker;
  /** Every demo account's password hash. */
  passwordHash: string;
  /** "Now" of the run: history ends today in each location's zone. */
  now: Date;
  /** The centre in the control plane and its web origin (mail links), when the caller knows them. */
  centre: { id: string | null; origin: string };
  /** The file store bound to the centre (`forCentre`), when the caller passed one and the centre's id. */
  files: FileStore | null;
  locations(): Promise<SeededLocation[]>;
  rooms(): Promise<SeededRoom[]>;
  /** Live staff (teacher and above) with their highest centre role. */
  staff(): Promise<SeededPerson[]>;
  /** Every child, archived included. */
  children(): Promise<SeededChild[]>;
  /** The id of the centre owner (the actor of seeded audit rows). */
  ownerId(): Promise<string>;
}

export interface SeedStep {
  /** Recorded in the centre's seed marker once done; never rename a shipped step. */
  name: string;
  /** Writes the step's rows and says what it wrote ("80 children, 50 families"). */
  run(ctx: SeedContext): Promise<string>;
}

/** Draws `n` ids from a table's sequence, so rows can reference each other before one bulk insert. */
export async function allocateIds(trx: Knex.Transaction, table: string, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const { rows } = await trx.raw<{ rows: { id: string }[] }>(
    `select nextval(pg_get_serial_sequence(?, 'id'))::text as id from generate_series(1, ?)`,
    [table, n],
  );
  return rows.map((r) => r.id);
}

/**
 * Inserts rows in one statement whatever their number: the rows travel as one JSON parameter read
 * back with the table's own row type (`json_populate_recordset`), which Postgres plans once and
 * knex does not have to expand into thousands of parameters. Columns are the keys the rows use
 * (a key a row lacks is null there); jsonb columns take objects, not JSON text.
 */
export async function insertMany(trx: Knex.Transaction, table: string, rows: Record<string, unknown>[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const list = columns.map((c) => `"${c}"`).join(', ');
  await trx.raw(`insert into ?? (${list}) select ${list} from json_populate_recordset(null::??, ?::json)`, [
    table,
    table,
    JSON.stringify(rows),
  ]);
}

/** Audit rows written as the services write them (`data` as JSON, the owner as actor). */
export function auditRow(row: {
  action: string;
  entity: string;
  entity_id: string;
  location_id?: string | null;
  actor_user_id: string | null;
  data?: object;
  created_at?: Date;
}): Record<string, unknown> {
  return {
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    location_id: row.location_id ?? null,
    actor_user_id: row.actor_user_id,
    actor_label: null,
    support_session_id: null,
    ip: null,
    data: row.data ?? {},
    created_at: row.created_at ?? new Date(),
  };
}
