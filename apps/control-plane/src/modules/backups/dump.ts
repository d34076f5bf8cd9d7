import { createHash } from 'node:crypto';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip, gunzipSync } from 'node:zlib';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { backupObjectKey, type FileStore } from '@kv/files';

/**
 * Our own logical dump of one centre database (pg_dump refuses servers newer than itself, and the
 * embedded PostgreSQL ships none): one REPEATABLE READ snapshot, `COPY <table> TO STDOUT` per
 * table, gzipped, one object per table beside a manifest. The schema is not dumped: a restore
 * starts from the tenant migrations at the manifest's version.
 */
export const MANIFEST_FORMAT = 'kv-copy-1';
/** Largest object a restore reads back (a table's gzipped rows). */
const MAX_OBJECT_BYTES = 4 * 1024 ** 3;

export interface ManifestTable {
  /** `schema.table`, quoted where needed: what COPY names. */
  name: string;
  /** Object name in the backup's folder. */
  file: string;
  rows: number;
  /** Bytes of the COPY text before gzip. */
  bytes: number;
  gz_bytes: number;
  /** SHA-256 of the COPY text: a restored table that COPYs the same bytes holds the same rows in the same order. */
  sha256: string;
}

export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  database_name: string;
  /** The newest tenant migration applied (its timestamp), read in the snapshot. */
  schema_version: string | null;
  taken_at: string;
  tables: ManifestTable[];
  sequences: { name: string; last_value: string; is_called: boolean }[];
}

export interface DumpResult {
  manifest: BackupManifest;
  /** SHA-256 of the manifest's tables (names, rows, checksums): the backup's one fingerprint. */
  checksum: string;
  size: number;
  rows: number;
}

export const manifestChecksum = (m: BackupManifest) => createHash('sha256').update(JSON.stringify(m.tables)).digest('hex');

async function connect(url: string, purpose: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: `kv:${purpose}` });
  // An error event on an idle client would otherwise end the process.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

const USER_TABLES = `select format('%I.%I', n.nspname, c.relname) as name
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
 where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
 order by n.nspname, c.relname`;

async function userTables(client: pg.Client): Promise<string[]> {
  return (await client.query<{ name: string }>(USER_TABLES)).rows.map((r) => r.name);
}

/** Streams `COPY … TO STDOUT` of a table through a hash (and, when `gzip`, a gzip) in one pass. */
async function copyOut(client: pg.Client, table: string, gzip: boolean) {
  const hash = createHash('sha256');
  let bytes = 0;
  let rows = 0;
  const chunks: Buffer[] = [];
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      // Text COPY escapes newlines inside values: one line feed per row.
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
      done(null, chunk);
    },
  });
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      if (gzip) chunks.push(chunk);
      done();
    },
  });
  const source = client.query(copyTo(`copy ${table} to stdout`));
  if (gzip) await pipeline(source, count, createGzip({ level: 6 }), sink);
  else await pipeline(source, count, sink);
  return { sha256: hash.digest('hex'), bytes, rows, gz: gzip ? Buffer.concat(chunks) : null };
}

/** Dumps the database at `url` into `prefix` (a backup's folder) of the store. */
export async function dumpDatabase(url: string, databaseName: string, store: FileStore, prefix: string): Promise<DumpResult> {
  const client = await connect(url, 'backup');
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query('set local statement_timeout = 0');
    const takenAt = new Date().toISOString();
    const version = await client.query<{ v: string | null }>(
      `select max(split_part(name, '_', 1)) as v from knex_migrations where to_regclass('knex_migrations') is not null`,
    );
    const tables: ManifestTable[] = [];
    let size = 0;
    let index = 0;
    for (const name of await userTables(client)) {
      const out = await copyOut(client, name, true);
      const file = `t${index++}.copy.gz`;
      await store.write(backupObjectKey(prefix, file), out.gz!, 'application/gzip');
      size += out.gz!.length;
      tables.push({ name, file, rows: out.rows, bytes: out.bytes, gz_bytes: out.gz!.length, sha256: out.sha256 });
    }
    const seqs = await client.query<{ name: string }>(
      `select format('%I.%I', schemaname, sequencename) as name from pg_sequences
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
    );
    const sequences: BackupManifest['sequences'] = [];
    for (const { name } of seqs.rows) {
      const r = await client.query<{ last_value: string; is_called: boolean }>(`select last_value::text, is_called from ${name}`);
      sequences.push({ name, ...r.rows[0]! });
    }
    await client.query('commit');
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      database_name: databaseName,
      schema_version: version.rows[0]?.v ?? null,
      taken_at: takenAt,
      tables,
      sequences,
    };
    const body = Buffer.from(JSON.stringify(manifest));
    await store.write(backupObjectKey(prefix, 'manifest.json'), body, 'application/json');
    return { manifest, checksum: manifestChecksum(manifest), size: size + body.length, rows: tables.reduce((n, t) => n + t.rows, 0) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function readManifest(store: FileStore, prefix: string): Promise<BackupManifest> {
  const manifest = JSON.parse((await store.read(backupObjectKey(prefix, 'manifest.json'), 64 * 1024 ** 2)).toString('utf8')) as BackupManifest;
  if (manifest.format !== MANIFEST_FORMAT) throw new Error(`Unknown backup format ${String(manifest.format)}.`);
  return manifest;
}

/**
 * Loads a backup into a database that has the manifest's schema (no matter what rows it holds):
 * every table emptied, each table's rows copied in with foreign-key triggers off (the snapshot is
 * consistent as a whole), sequences set; one transaction, so a failed load leaves nothing half done.
 */
export async function loadBackup(url: string, store: FileStore, prefix: string, manifest: BackupManifest): Promise<void> {
  const client = await connect(url, 'restore');
  try {
    await client.query('begin');
    await client.query('set local statement_timeout = 0');
    await client.query(`set local session_replication_role = replica`);
    const present = await userTables(client);
    const missing = manifest.tables.filter((t) => !present.includes(t.name)).map((t) => t.name);
    if (missing.length) throw new Error(`The target database lacks the tables ${missing.join(', ')}.`);
    if (present.length) await client.query(`truncate ${present.join(', ')}`);
    for (const t of manifest.tables) {
      const rows = gunzipSync(await store.read(backupObjectKey(prefix, t.file), MAX_OBJECT_BYTES));
      const sink = client.query(copyFrom(`copy ${t.name} from stdin`));
      await pipeline(
        (async function* () {
          yield rows;
        })(),
        sink,
      );
    }
    for (const s of manifest.sequences) {
      await client.query('select setval($1::regclass, $2::bigint, $3)', [s.name, s.last_value, s.is_called]);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end().catch(() => undefined);
  }
}

export interface TableComparison {
  table: string;
  expected_rows: number;
  rows: number | null;
  expected_sha256: string;
  sha256: string | null;
}

/** Every table of the manifest against the database at `url`: row counts and COPY checksums. */
export async function compareWithManifest(url: string, manifest: BackupManifest): Promise<{ mismatches: TableComparison[]; rows: number }> {
  const client = await connect(url, 'drill');
  try {
    await client.query('begin isolation level repeatable read read only');
    await client.query('set local statement_timeout = 0');
    const present = new Set(await userTables(client));
    const mismatches: TableComparison[] = [];
    let rows = 0;
    for (const t of manifest.tables) {
      if (!present.has(t.name)) {
        mismatches.push({ table: t.name, expected_rows: t.rows, rows: null, expected_sha256: t.sha256, sha256: null });
        continue;
      }
      const out = await copyOut(client, t.name, false);
      rows += out.rows;
      if (out.rows !== t.rows || out.sha256 !== t.sha256)
        mismatches.push({ table: t.name, expected_rows: t.rows, rows: out.rows, expected_sha256: t.sha256, sha256: out.sha256 });
    }
    await client.query('commit');
    return { mismatches, rows };
  } finally {
    await client.end().catch(() => undefined);
  }
}
