import type { Knex } from 'knex';
import { createDatabase, createKnex, databaseExists, dropDatabase, migrateLatest, withDatabase } from '@kv/db';
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

/** Centre databases as `CREATE DATABASE … TEMPLATE` on the servers listed in `database_servers`. */
export class SqlDatabaseProvisioner implements Provisioner {
  /**
   * Templates (server URL + name) this process migrated to its own latest version: migrations ship
   * with the code, so a template once current stays current for this process's lifetime and need
   * not be re-checked (a connection and a migration-table scan) for every centre.
   */
  private readonly currentTemplates = new Map<string, string | null>();
  /** Databases this process just copied from a current template, with that schema version. */
  private readonly copiedAt = new Map<string, string | null>();

  constructor(private readonly opts: SqlProvisionerOptions) {}

  async assignServer(centerId: string): Promise<string> {
    for (let round = 0; ; round++) {
      const serverId = await this.opts.controlDb.transaction(async (trx) => {
        await lockServerAssignment(trx);
        const centre = await findProvisioning(trx, centerId);
        if (!centre) throw new Error(`Centre ${centerId} does not exist`);
        if (centre.database_server_id) return centre.database_server_id;
        const free = await findServerWithRoom(trx);
        if (free) await assignServer(trx, centerId, free);
        return free;
      });
      if (serverId) return serverId;
      if (!this.opts.serverProvisioner || round > 0) {
        throw new ProvisioningStepError(
          ProvisioningError.NoServerCapacity,
          'Every database server is full and no new server can be created.',
        );
      }
      this.opts.log.info({ centerId }, 'every database server is full: creating one');
      await this.opts.serverProvisioner.createServer();
    }
  }

  async createDatabase(serverId: string, databaseName: string): Promise<{ created: boolean }> {
    const url = await this.opts.directory.serverUrl(serverId);
    const templateKey = `${url}|${this.opts.templateName}`;
    return withServerLock(url, templateLockKey(this.opts.templateName), async (admin) => {
      if (await databaseExists(admin, databaseName)) return { created: false };
      if (!this.currentTemplates.has(templateKey)) {
        const { version } = await ensureTenantTemplate(admin, this.opts.templateName);
        this.currentTemplates.set(templateKey, version);
      }
      try {
        await createDatabase(admin, databaseName, this.opts.templateName);
      } catch (err) {
        this.currentTemplates.delete(templateKey); // the template may be gone: a retry re-checks it
        throw err;
      }
      this.copiedAt.set(`${url}|${databaseName}`, this.currentTemplates.get(templateKey) ?? null);
      return { created: true };
    });
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
