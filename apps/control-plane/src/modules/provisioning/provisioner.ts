/**
 * Where centre databases come from. The SQL provisioner works on any Postgres server the control
 * plane knows (embedded, external, RDS); a server provisioner adds servers when all are full.
 */
export interface Provisioner {
  /** Gives the centre a database server with room, once; a second call returns the same server. */
  assignServer(centreId: string): Promise<string>;
  /** Creates the database from the migrated template; does nothing when it already exists. */
  createDatabase(serverId: string, databaseName: string): Promise<{ created: boolean }>;
  /** Applies pending tenant migrations (normally none right after a copy of the template). */
  migrateDatabase(serverId: string, databaseName: string): Promise<{ version: string | null; applied: string[] }>;
  dropDatabase(serverId: string, databaseName: string): Promise<void>;
  /** Called when a provisioning on this server has ended (done or failed): time for background preparation. */
  afterProvisioning?(serverId: string): Promise<void>;
  /** Waits for background work (a spare database being copied) before the process closes. */
  settle?(): Promise<void>;
}

export interface ServerProvisioner {
  /** Creates a database server, waits until it accepts connections, records it; returns its id. */
  createServer(): Promise<string>;
}
