import type { Knex } from 'knex';

type Db = Knex | Knex.Transaction;

export interface ProvisioningRow {
  id: string;
  name: string;
  slug: string;
  status: string;
  contact_email: string | null;
  owner_fname: string | null;
  owner_lname: string | null;
  owner_username: string | null;
  added_by: string | null;
  database_server_id: string | null;
  database_name: string | null;
  schema_version: string | null;
  provisioning_progress: number;
  provisioning_step: string | null;
  provisioning_error: string | null;
  provisioning_attempts: number;
}

const COLUMNS = [
  'id',
  'name',
  'slug',
  'status',
  'contact_email',
  'owner_fname',
  'owner_lname',
  'owner_username',
  'added_by',
  'database_server_id',
  'database_name',
  'schema_version',
  'provisioning_progress',
  'provisioning_step',
  'provisioning_error',
  'provisioning_attempts',
];

const toProvisioningRow = (row: Record<string, unknown>) =>
  ({ ...row, id: String(row.id), database_server_id: row.database_server_id && String(row.database_server_id) }) as ProvisioningRow;

export async function findProvisioning(db: Db, id: string): Promise<ProvisioningRow | undefined> {
  const row = await db('centers').where({ id }).first(COLUMNS);
  return row && toProvisioningRow(row);
}

/**
 * Records the step a provisioning is at (with the progress made so far) and returns the centre as
 * it is now; undefined when it is no longer provisioning (deleted while the job ran).
 */
export async function enterProvisioningStep(db: Db, id: string, step: string, progress: number): Promise<ProvisioningRow | undefined> {
  const [row] = await db('centers')
    .where({ id, status: 'provisioning' })
    .update({ provisioning_step: step, provisioning_progress: progress, updated_at: db.fn.now() })
    .returning(COLUMNS);
  return row && toProvisioningRow(row);
}

export async function updateProvisioning(db: Db, id: string, patch: Record<string, unknown>): Promise<void> {
  await db('centers')
    .where({ id })
    .update({ ...patch, updated_at: db.fn.now() });
}

/** Serialises server assignment so two centres never take the last free place on one server. */
export async function lockServerAssignment(trx: Knex.Transaction): Promise<void> {
  await trx.raw("select pg_advisory_xact_lock(hashtext('kv:assign-server'))");
}

/** The first available server with room: servers fill up in order, so new ones are needed late. */
export async function findServerWithRoom(db: Db): Promise<string | null> {
  const row = await db('database_servers as s')
    .leftJoin('centers as c', function () {
      this.on('c.database_server_id', 's.id').andOnVal('c.status', '<>', 'deleted');
    })
    .where('s.status', 'available')
    .groupBy('s.id')
    .havingRaw('count(c.id) < s.max_databases')
    .orderBy('s.id')
    .first('s.id');
  return row ? String(row.id) : null;
}

export async function assignServer(db: Db, centreId: string, serverId: string): Promise<void> {
  await db('centers')
    .where({ id: centreId })
    .whereNull('database_server_id')
    .update({ database_server_id: serverId, updated_at: db.fn.now() });
}

/** Claims `<slug>.<platform>` for the centre; a previous subdomain of another centre gives way. */
export async function claimHostname(trx: Knex.Transaction, centreId: string, host: string, origin: string): Promise<boolean> {
  await trx('server_domains').where({ domain: host, kind: 'previous' }).whereNot({ center_id: centreId }).del();
  await trx('server_domains')
    .insert({ center_id: centreId, domain: host, kind: 'subdomain', status: 'active' })
    .onConflict('domain')
    .ignore();
  const owner = await trx('server_domains').where({ domain: host }).first('center_id');
  if (!owner || String(owner.center_id) !== centreId) return false;
  await trx('centers').where({ id: centreId }).update({ hostname: host, url: origin, updated_at: trx.fn.now() });
  return true;
}

export async function markActive(db: Db, id: string): Promise<boolean> {
  const n = await db('centers').where({ id, status: 'provisioning' }).update({
    status: 'active',
    provisioning_progress: 100,
    provisioning_step: 'done',
    provisioning_error: null,
    last_updated_time: db.fn.now(),
    updated_at: db.fn.now(),
  });
  return n > 0;
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db('centers')
    .where({ id, status: 'provisioning' })
    .update({ status: 'failed', provisioning_error: error, updated_at: db.fn.now() });
}

/** Moves a failed centre back to provisioning and counts the attempt; false when it was not failed. */
export async function restartProvisioning(db: Db, id: string): Promise<number | null> {
  const [row] = await db('centers')
    .where({ id, status: 'failed' })
    .update({
      status: 'provisioning',
      provisioning_error: null,
      provisioning_attempts: db.raw('provisioning_attempts + 1'),
      updated_at: db.fn.now(),
    })
    .returning('provisioning_attempts');
  return row ? Number(row.provisioning_attempts) : null;
}

// ---- in the new centre's own database ----

export async function findCentreUserId(db: Db, username: string): Promise<string | null> {
  const row = await db('users').whereRaw('lower(username) = lower(?)', [username]).first('id');
  return row ? String(row.id) : null;
}

export async function insertOwner(
  trx: Knex.Transaction,
  owner: { fname: string; lname: string; username: string; email: string; passwordHash?: string },
): Promise<string> {
  // The user and its `center` role in one statement; no row back means the role is missing.
  // With a password (the sign-up funnel's owner chose one and confirmed the email): not invited.
  const signedUp = owner.passwordHash != null;
  const { rows } = await trx.raw(
    `with owner as (
       insert into users (fname, lname, username, email, password_hash, invited, status, email_confirmed, locale)
       values (?, ?, ?, ?, ?, ?, true, ?, 'en')
       returning id
     )
     insert into user_roles (user_id, role_id)
     select owner.id, roles.id from owner, roles where roles.name = 'center'
     returning user_id`,
    [owner.fname, owner.lname, owner.username, owner.email, owner.passwordHash ?? null, !signedUp, signedUp],
  );
  if (!rows[0]) throw new Error('The centre database has no `center` role (tenant migrations incomplete)');
  return String(rows[0].user_id);
}

export async function insertInviteToken(
  trx: Knex.Transaction,
  row: { userId: string; tokenHash: string; pinHash: string; expiresAt: Date },
): Promise<void> {
  await trx('auth_tokens').insert({
    user_id: row.userId,
    purpose: 'invite',
    token_hash: row.tokenHash,
    pin_hash: row.pinHash,
    expires_at: row.expiresAt,
    payload: JSON.stringify({ by: 'provisioning' }),
  });
}

// ---- database servers created by the RDS provisioner ----

export async function insertCreatingServer(
  db: Db,
  row: { name: string; rdsInstanceId: string; region: string | null; adminUser: string; passwordEncrypted: string; maxDatabases: number },
): Promise<string> {
  const [server] = await db('database_servers')
    .insert({
      name: row.name,
      kind: 'rds',
      status: 'creating',
      rds_instance_id: row.rdsInstanceId,
      region: row.region,
      admin_user: row.adminUser,
      password_encrypted: row.passwordEncrypted,
      max_databases: row.maxDatabases,
    })
    .returning('id');
  return String(server.id);
}

export async function markServerAvailable(db: Db, id: string, endpoint: { host: string; port: number }): Promise<void> {
  await db('database_servers')
    .where({ id })
    .update({ ...endpoint, status: 'available', error: null, updated_at: db.fn.now() });
}

export async function markServerFailed(db: Db, id: string, error: string): Promise<void> {
  await db('database_servers')
    .where({ id })
    .update({ status: 'failed', error: error.slice(0, 2000), updated_at: db.fn.now() });
}

/** Due work only: the periodic sweeps keep a row for their next slot (available later) at all times. */
export async function hasPendingOutbox(db: Db): Promise<boolean> {
  return Boolean(await db('outbox').whereNull('dispatched_at').where('available_at', '<=', db.fn.now()).first('id'));
}
