import { createHash } from 'node:crypto';
import type { Knex } from 'knex';
import { createDatabase, createKnex, databaseExists, dropDatabase, migrateLatest, renameDatabase, withDatabase } from '@kv/db';
import type { TenantDirectory } from '@kv/directory';
import type { Log } from '../../deps.ts';
import type { Provisioner, ServerProvisioner } from './provisioner.ts';
import { ensureTenantTemplate } from './tenant-template.ts';
import { templateLockKey, withServerLock } from './server-lock.ts';
import { assignServer, findProvisioning, findServerWithRoom, lockServerAssignment } from './repo.ts';
import { ProvisioningError, ProvisioningStepError } from './errors.ts';

export interface SqlProvisionerOptions {
  controlDb: Knex;
  directory: Pick<TenantDirectory, 'serverUrl'>;
  templateName: string;
  serverProvisioner?: ServerProvisioner;
  log: Log;
}

/**
 * The spare of a template at one schema version: a copy made ahead, renamed to the next centre's
 * database. Named after the version, so a spare of an older schema is never handed out.
 */
export function spareName(template: string, version: string | null): string {
  return `${template}_spare_${createHash('sha1')
    .update(version ?? '')
    .digest('hex')
    .slice(0, 10)}`;
}

/**
 * Opens one session on a new database and closes it: the first session of a database builds its
 * catalogue cache file (`pg_internal.init`, about 10 ms), which a rename keeps, so the centre's
 * first connection after provisioning starts as fast as any other.
 */
async function warmDatabase(url: string): Promise<void> {
  const db = createKnex(url, { max: 1, statementTimeoutMs: 10_000, applicationName: 'kv:spare' });
  try {
    await db.raw('select 1');
  } finally {
    await db.destroy();
  }
}

/**
 * Centre databases as `CREATE DATABASE … TEMPLATE` on the servers listed in `database_servers`.
 * Copying the template is most of a provisioning's time, so each server keeps one spare copy
 * made after the last provisioning: the next one renames it (a catalogue update) and a new spare
 * is copied in the background.
 */
export class SqlDatabaseProvisioner implements Provisioner {
  /**
   * Templates (server URL + name) this process migrated to its own latest version: migrations ship
   * with the code, so a template once current stays current for this process's lifetime and need
   * not be re-checked (a connection and a migration-table scan) for every centre.
   */
  private readonly currentTemplates = new Map<string, string | null>();
  /** Databases this process just copied from a current template, with that schema version. */
  private readonly copiedAt = new Map<string, string | null>();
  /** Servers whose spare was used (or missing) by a provisioning still running. */
  private readonly refillAfterProvisioning = new Set<string>();
  /** Spare copies being made, one after the other. */
  private spareWork: Promise<void> = Promise.resolve();

  constructor(private readonly opts: SqlProvisionerOptions) {}

  async settle(): Promise<void> {
    await this.spareWork;
  }

  /** The template's version, migrating it (and dropping spares of other versions) once per process. */
  private async templateVersion(admin: Knex, templateKey: string): Promise<string | null> {
    if (!this.currentTemplates.has(templateKey)) {
      const { version } = await ensureTenantTemplate(admin, this.opts.templateName);
      const keep = spareName(this.opts.templateName, version);
      const spares = await admin.raw('select datname from pg_database where datname like ?', [
        `${this.opts.templateName.replaceAll('_', '\\_')}\\_spare\\_%`,
      ]);
      for (const { datname } of spares.rows as { datname: string }[]) if (datname !== keep) await dropDatabase(admin, datname);
      this.currentTemplates.set(templateKey, version);
    }
    return this.currentTemplates.get(templateKey) ?? null;
  }

  /** Copies a spare of the current template on this server, after whatever is already queued. */
  private refillSpare(serverUrl: string): void {
    const templateKey = `${serverUrl}|${this.opts.templateName}`;
    this.spareWork = this.spareWork
      .then(() =>
        withServerLock(serverUrl, templateLockKey(this.opts.templateName), async (admin) => {
          const spare = spareName(this.opts.templateName, await this.templateVersion(admin, templateKey));
          if (await databaseExists(admin, spare)) return;
          await createDatabase(admin, spare, this.opts.templateName);
          await warmDatabase(withDatabase(serverUrl, spare));
        }),
      )
      .catch((err) => {
        // No spare only means the next provisioning copies the template itself.
        this.currentTemplates.delete(templateKey);
        this.opts.log.warn({ err }, 'could not prepare a spare centre database');
      });
  }

  async assignServer(centreId: string): Promise<string> {
    for (let round = 0; ; round++) {
      const serverId = await this.opts.controlDb.transaction(async (trx) => {
        await lockServerAssignment(trx);
        const centre = await findProvisioning(trx, centreId);
        if (!centre) throw new Error(`Centre ${centreId} does not exist`);
        if (centre.database_server_id) return centre.database_server_id;
        const free = await findServerWithRoom(trx);
        if (free) await assignServer(trx, centreId, free);
        return free;
      });
      if (serverId) return serverId;
      if (!this.opts.serverProvisioner || round > 0) {
        throw new ProvisioningStepError(
          ProvisioningError.NoServerCapacity,
          'Every database server is full and no new server can be created.',
        );
      }
      this.opts.log.info({ centreId }, 'every database server is full: creating one');
      await this.opts.serverProvisioner.createServer();
    }
  }

  async createDatabase(serverId: string, databaseName: string): Promise<{ created: boolean }> {
    const url = await this.opts.directory.serverUrl(serverId);
    const templateKey = `${url}|${this.opts.templateName}`;
    const result = await withServerLock(url, templateLockKey(this.opts.templateName), async (admin) => {
      if (await databaseExists(admin, databaseName)) return { created: false };
      const version = await this.templateVersion(admin, templateKey);
      try {
        const spare = spareName(this.opts.templateName, version);
        if (!(await renameDatabase(admin, spare, databaseName))) {
          await createDatabase(admin, databaseName, this.opts.templateName);
        }
      } catch (err) {
        this.currentTemplates.delete(templateKey); // the template may be gone: a retry re-checks it
        throw err;
      }
      this.copiedAt.set(`${url}|${databaseName}`, version);
      return { created: true };
    });
    if (result.created) this.refillAfterProvisioning.add(url);
    return result;
  }

  /** Copies the next spare now that this provisioning no longer competes with the copy for the server. */
  async afterProvisioning(serverId: string): Promise<void> {
    const url = await this.opts.directory.serverUrl(serverId);
    if (this.refillAfterProvisioning.delete(url)) this.refillSpare(url);
  }

  async migrateDatabase(serverId: string, databaseName: string) {
    const serverUrl = await this.opts.directory.serverUrl(serverId);
    // A copy of a template this process migrated is already at the latest version.
    const copied = `${serverUrl}|${databaseName}`;
    if (this.copiedAt.has(copied)) {
      const version = this.copiedAt.get(copied) ?? null;
      this.copiedAt.delete(copied);
      return { applied: [], version };
    }
    const url = withDatabase(serverUrl, databaseName);
    const db = createKnex(url, { max: 1, statementTimeoutMs: 10 * 60_000, applicationName: 'kv:migrate' });
    try {
      return await migrateLatest(db, 'tenant');
    } finally {
      await db.destroy();
    }
  }

  async dropDatabase(serverId: string, databaseName: string): Promise<void> {
    const url = await this.opts.directory.serverUrl(serverId);
    const admin = createKnex(url, { max: 1, statementTimeoutMs: 60_000, applicationName: 'kv:offboard' });
    try {
      await dropDatabase(admin, databaseName);
    } finally {
      await admin.destroy();
    }
  }
}
