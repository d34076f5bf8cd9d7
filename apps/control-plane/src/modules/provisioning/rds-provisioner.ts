import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { CreateDBInstanceCommand, DescribeDBInstancesCommand, waitUntilDBInstanceAvailable, type RDSClient } from '@aws-sdk/client-rds';
import { encryptSecret } from '@kv/directory';
import type { Log } from '../../deps.ts';
import type { ServerProvisioner } from './provisioner.ts';
import { insertCreatingServer, markServerAvailable, markServerFailed } from './repo.ts';

export interface RdsServerConfig {
  instanceClass: string;
  allocatedStorageGb: number;
  subnetGroupName: string;
  securityGroupIds: string[];
  engineVersion?: string;
  /** Recorded on the server row; the client's own region is what AWS uses. */
  region?: string;
  /** Instance identifiers are `<prefix>-<random>` (default `kv-tenants`). */
  namePrefix?: string;
  masterUsername?: string;
  maxDatabases?: number;
  /** Seconds to wait for `available` (default 40 minutes); polling delays in seconds. */
  maxWaitSeconds?: number;
  minDelaySeconds?: number;
  maxDelaySeconds?: number;
}

export interface RdsOptions {
  client: RDSClient;
  config: RdsServerConfig;
}

/**
 * A new Postgres server on RDS for when every server is full: create, wait until available,
 * record the endpoint with the generated master password encrypted. Failure leaves the row
 * `failed` with the error, and nothing is assigned to it.
 */
export class RdsServerProvisioner implements ServerProvisioner {
  constructor(
    private readonly controlDb: Knex,
    private readonly secret: string,
    private readonly rds: RdsOptions,
    private readonly log: Log,
  ) {}

  async createServer(): Promise<string> {
    const cfg = this.rds.config;
    const identifier = `${cfg.namePrefix ?? 'kv-tenants'}-${randomBytes(4).toString('hex')}`;
    const masterUsername = cfg.masterUsername ?? 'kvadmin';
    // base64url has no `/`, `@`, `"` or space, which RDS refuses in master passwords.
    const password = randomBytes(24).toString('base64url');
    const serverId = await insertCreatingServer(this.controlDb, {
      name: identifier,
      rdsInstanceId: identifier,
      region: cfg.region ?? null,
      adminUser: masterUsername,
      passwordEncrypted: encryptSecret(password, this.secret),
      maxDatabases: cfg.maxDatabases ?? 200,
    });
    try {
      await this.rds.client.send(
        new CreateDBInstanceCommand({
          DBInstanceIdentifier: identifier,
          Engine: 'postgres',
          EngineVersion: cfg.engineVersion,
          DBInstanceClass: cfg.instanceClass,
          AllocatedStorage: cfg.allocatedStorageGb,
          MasterUsername: masterUsername,
          MasterUserPassword: password,
          DBSubnetGroupName: cfg.subnetGroupName,
          VpcSecurityGroupIds: cfg.securityGroupIds,
          StorageEncrypted: true,
          PubliclyAccessible: false,
          DeletionProtection: true,
          BackupRetentionPeriod: 7,
          Tags: [{ Key: 'kv:role', Value: 'tenant-databases' }],
        }),
      );
      this.log.info({ identifier }, 'RDS instance requested; waiting until available');
      await waitUntilDBInstanceAvailable(
        {
          client: this.rds.client,
          maxWaitTime: cfg.maxWaitSeconds ?? 40 * 60,
          minDelay: cfg.minDelaySeconds ?? 30,
          maxDelay: cfg.maxDelaySeconds ?? 120,
        },
        { DBInstanceIdentifier: identifier },
      );
      const described = await this.rds.client.send(new DescribeDBInstancesCommand({ DBInstanceIdentifier: identifier }));
      const endpoint = described.DBInstances?.[0]?.Endpoint;
      if (!endpoint?.Address || !endpoint.Port) throw new Error(`RDS instance ${identifier} is available but has no endpoint`);
      await markServerAvailable(this.controlDb, serverId, { host: endpoint.Address, port: endpoint.Port });
      return serverId;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await markServerFailed(this.controlDb, serverId, message);
      this.log.error({ err, identifier }, 'RDS server provisioning failed');
      throw err;
    }
  }
}
