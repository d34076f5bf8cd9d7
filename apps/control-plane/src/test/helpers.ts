import type { FastifyInstance } from 'fastify';
import { createDatabase, dropDatabase, withDatabase } from '@kv/db';
import { createTestDatabase, testAdmin, testAdminUrl, testDatabaseName, testTemplateName, type TestDatabase } from '@kv/db/testing';
import { createTenantDirectory, type TenantDirectory } from '@kv/directory';
import { createJobQueue, type JobQueue } from '@kv/jobs';
import { buildControlPlaneApp } from '../app.ts';
import { registerControlPlaneJobs } from '../worker.ts';
import { runtimeFor, type ControlPlaneDeps, type ControlPlaneRuntime } from '../deps.ts';
import { registerDatabaseServer } from '../modules/servers/service.ts';
import { ensureOperator } from '../modules/operators/service.ts';
import { settleJobs } from '../provision-now.ts';
import type { Actor, OperatorRole } from '../access.ts';
import type { Provisioner } from '../modules/provisioning/provisioner.ts';

export const SECRET = 'control-plane-test-secret-of-32-characters-at-least';
export const PASSWORD = 'correct horse battery';
const quiet = { warn: () => undefined };

export interface GqlResult<T = Record<string, any>> {
  statusCode: number;
  data: T;
  errors?: { message: string; extensions?: { code?: string; field?: string; [k: string]: unknown } }[];
}

export interface ControlPlaneHarness {
  control: TestDatabase;
  deps: ControlPlaneDeps;
  rt: ControlPlaneRuntime;
  app: FastifyInstance;
  queue: JobQueue;
  directory: TenantDirectory;
  serverId: string;
  /** Private, migrated tenant template on the test server. */
  template: string;
  /** Prefix of the centre databases this harness creates. */
  databasePrefix: string;
  tokens: Record<OperatorRole, string>;
  actors: Record<OperatorRole, Actor>;
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    opts?: { token?: string | null; ip?: string },
  ): Promise<GqlResult<T>>;
  settle(): Promise<void>;
  centreDbUrl(databaseName: string): string;
  close(): Promise<void>;
}

/**
 * A control plane on a fresh control-plane database, with the test Postgres server registered as
 * its one database server, a private copy of the tenant template, the in-process job queue, and
 * one signed-in admin and kvsupport.
 */
export async function startControlPlane(
  overrides: Partial<ControlPlaneDeps> = {},
  makeProvisioner?: (parts: { controlDb: TestDatabase['db']; directory: TenantDirectory; template: string }) => Provisioner,
): Promise<ControlPlaneHarness> {
  const control = await createTestDatabase('controlPlane', 'cp');
  const template = testDatabaseName('tpl');
  await createDatabase(testAdmin(), template, testTemplateName('tenant'));
  const directory = createTenantDirectory({ controlDb: control.db, platformDomain: 'localhost', secret: SECRET, log: quiet, ttlMs: 1000 });
  const queue = createJobQueue({ log: () => undefined });
  const serverId = await registerDatabaseServer(control.db, { name: 'test-server', kind: 'embedded', url: testAdminUrl() }, SECRET);
  const databasePrefix = `${testDatabaseName('c')}_`;
  const deps: ControlPlaneDeps = {
    controlDb: control.db,
    directory,
    queue,
    secret: SECRET,
    platformDomain: 'localhost',
    publicPort: 3000,
    tenantTemplate: template,
    databasePrefix,
    production: false,
    ...(makeProvisioner ? { provisioner: makeProvisioner({ controlDb: control.db, directory, template }) } : {}),
    ...overrides,
  };
  const worker = registerControlPlaneJobs(queue, deps);
  await queue.start();
  const app = await buildControlPlaneApp(deps);
  await app.ready();
  const rt = runtimeFor(deps);

  const gql: ControlPlaneHarness['gql'] = async (query, variables, opts = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/graphql',
      remoteAddress: opts.ip ?? '127.0.0.1',
      headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
      payload: { query, variables },
    });
    return { statusCode: res.statusCode, ...res.json() };
  };

  const tokens = {} as Record<OperatorRole, string>;
  const actors = {} as Record<OperatorRole, Actor>;
  for (const role of ['admin', 'kvsupport'] as OperatorRole[]) {
    const id = await ensureOperator(control.db, {
      username: `${role}-op`,
      password: PASSWORD,
      fname: role === 'admin' ? 'Ada' : 'Sam',
      lname: 'Operator',
      role,
    });
    const res = await gql<{ login: { tokens: { access_token: string }; session_id: string } }>(
      'mutation($u: String!, $p: String!) { login(username: $u, password: $p) { tokens { access_token } session_id } }',
      { u: `${role}-op`, p: PASSWORD },
      { ip: `10.9.9.${role === 'admin' ? 1 : 2}` },
    );
    if (!res.data?.login) throw new Error(`test login failed: ${JSON.stringify(res.errors)}`);
    tokens[role] = res.data.login.tokens.access_token;
    actors[role] = {
      viewer: {
        id,
        role,
        username: `${role}-op`,
        label: `${role === 'admin' ? 'Ada' : 'Sam'} Operator (${role}-op)`,
        sessionId: res.data.login.session_id,
      },
      ip: '127.0.0.1',
    };
  }

  return {
    control,
    deps,
    rt,
    app,
    queue,
    directory,
    serverId,
    template,
    databasePrefix,
    tokens,
    actors,
    gql,
    settle: () => settleJobs(rt),
    centreDbUrl: (name) => withDatabase(testAdminUrl(), name),
    async close() {
      await app.close();
      await worker.close();
      await queue.close();
      await directory.close();
      // The centres' databases and the spare copies of the template.
      const dbs = await testAdmin().raw('select datname from pg_database where datname like ? or datname like ?', [
        `${databasePrefix.replaceAll('_', '\\_')}%`,
        `${template.replaceAll('_', '\\_')}\\_spare\\_%`,
      ]);
      for (const { datname } of dbs.rows as { datname: string }[]) await dropDatabase(testAdmin(), datname);
      await dropDatabase(testAdmin(), template);
      await control.drop();
    },
  };
}

export const CENTRE_FIELDS =
  'id name slug kind language_pack status hostname url on_trial trial_start_date trial_days trial_ends_on database_name database_server_id schema_version provisioning_progress provisioning_step provisioning_error';

export const ADD_CENTER = `mutation Add($name: String!, $slug: String!, $email: String!, $trial: Boolean, $days: Int, $kind: String) {
  addCenter(name: $name, slug: $slug, kind: $kind, contact_email: $email, owner_fname: "Olive", owner_lname: "Owner", owner_username: "olive", on_trial: $trial, trial_days: $days) {
    status message color center { ${CENTRE_FIELDS} }
  }
}`;

export function centreInput(slug: string, extra: Record<string, unknown> = {}) {
  return {
    name: `Centre ${slug}`,
    slug,
    contact_email: `owner@${slug}.example.com`,
    owner_fname: 'Olive',
    owner_lname: 'Owner',
    owner_username: 'olive',
    ...extra,
  };
}
