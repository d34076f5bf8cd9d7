import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mockClient } from 'aws-sdk-client-mock';
import {
  DescribeServicesCommand,
  DescribeTasksCommand,
  ECSClient,
  ListTasksCommand,
  UpdateServiceCommand,
  type Deployment,
  type Service,
} from '@aws-sdk/client-ecs';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { ecsProcesses, ecsTargetFromEnv, workerStatus } from './ecs.ts';
import type { ApiProcessControl } from './processes.ts';
import { createRestartLog } from './repo.ts';

const TARGET = { cluster: 'kv-prod', service: 'kv-api' };
const ARN = (id: string) => `arn:aws:ecs:eu-west-1:123456789012:task/kv-prod/${id}`;
const OLD = 'ecs-svc/1111111111111111111';
const NEW = 'ecs-svc/2222222222222222222';

function deployment(d: Partial<Deployment>): Deployment {
  return { status: 'PRIMARY', desiredCount: 2, runningCount: 2, pendingCount: 0, rolloutState: 'COMPLETED', ...d };
}

function service(deployments: Deployment[], extra: Partial<Service> = {}): Service {
  return {
    serviceName: 'kv-api',
    serviceArn: 'arn:aws:ecs:eu-west-1:123456789012:service/kv-prod/kv-api',
    status: 'ACTIVE',
    desiredCount: 2,
    runningCount: 2,
    deploymentConfiguration: {
      minimumHealthyPercent: 50,
      maximumPercent: 150,
      deploymentCircuitBreaker: { enable: true, rollback: true },
    },
    deployments,
    ...extra,
  };
}

describe('ECS_CLUSTER and ECS_SERVICE', () => {
  it('select ECS only when both are set', () => {
    expect(ecsTargetFromEnv({ ECS_CLUSTER: 'kv-prod', ECS_SERVICE: 'kv-api' })).toEqual(TARGET);
    expect(ecsTargetFromEnv({ ECS_CLUSTER: 'kv-prod' })).toBeNull();
    expect(ecsTargetFromEnv({ ECS_CLUSTER: ' ', ECS_SERVICE: 'kv-api' })).toBeNull();
    expect(ecsTargetFromEnv({})).toBeNull();
  });

  it("map a task's ECS states to a worker's", () => {
    expect(workerStatus({ lastStatus: 'PROVISIONING', desiredStatus: 'RUNNING' })).toBe('starting');
    expect(workerStatus({ lastStatus: 'PENDING', desiredStatus: 'RUNNING' })).toBe('starting');
    expect(workerStatus({ lastStatus: 'ACTIVATING', desiredStatus: 'RUNNING' })).toBe('starting');
    expect(workerStatus({ lastStatus: 'RUNNING', desiredStatus: 'RUNNING', healthStatus: 'HEALTHY' })).toBe('ready');
    expect(workerStatus({ lastStatus: 'RUNNING', desiredStatus: 'RUNNING', healthStatus: 'UNKNOWN' })).toBe('ready');
    expect(workerStatus({ lastStatus: 'RUNNING', desiredStatus: 'RUNNING', healthStatus: 'UNHEALTHY' })).toBe('unhealthy');
    expect(workerStatus({ lastStatus: 'RUNNING', desiredStatus: 'STOPPED', healthStatus: 'HEALTHY' })).toBe('draining');
    expect(workerStatus({ lastStatus: 'DEACTIVATING', desiredStatus: 'STOPPED' })).toBe('draining');
    expect(workerStatus({ lastStatus: 'STOPPING', desiredStatus: 'STOPPED' })).toBe('draining');
  });
});

// One mock of the client's class for the file (a second would be undone by the first's restore).
const ecs = mockClient(ECSClient);
afterAll(() => ecs.restore());

describe('ECS API group', () => {
  const client = new ECSClient({ region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
  let t: TestDatabase;
  // The database's clock stamps started_at: the control's clock starts from the real one.
  let now = Date.now();
  const control = () => ecsProcesses({ client, target: TARGET, restarts: createRestartLog(t.db), now: () => now });
  const rows = () =>
    t.db('api_group_restarts').orderBy('id').select('group', 'mode', 'status', 'replaced', 'total', 'error', 'deployment', 'started_by');

  beforeAll(async () => {
    t = await createTestDatabase('controlPlane', 'ecs');
  });
  afterAll(() => t.drop());
  beforeEach(async () => {
    ecs.reset();
    now = Date.now();
    await t.db('api_group_restarts').del();
    ecs.on(ListTasksCommand).resolves({ taskArns: [] });
    ecs.on(DescribeTasksCommand).resolves({ tasks: [] });
  });

  it("lists the service's tasks as its workers: oldest first, nothing measured that ECS does not measure", async () => {
    ecs
      .on(DescribeServicesCommand, { cluster: 'kv-prod', services: ['kv-api'] })
      .resolves({ services: [service([deployment({ id: OLD })], { desiredCount: 3 })] });
    ecs
      .on(ListTasksCommand, { cluster: 'kv-prod', serviceName: 'kv-api', desiredStatus: 'RUNNING' })
      .resolvesOnce({ taskArns: [ARN('bbb'), ARN('ccc')], nextToken: 'more' })
      .resolves({ taskArns: [ARN('ddd')] });
    ecs
      .on(ListTasksCommand, { cluster: 'kv-prod', serviceName: 'kv-api', desiredStatus: 'STOPPED' })
      .resolves({ taskArns: [ARN('aaa'), ARN('zzz')] });
    ecs.on(DescribeTasksCommand).resolves({
      tasks: [
        {
          taskArn: ARN('bbb'),
          lastStatus: 'RUNNING',
          desiredStatus: 'RUNNING',
          healthStatus: 'HEALTHY',
          startedAt: new Date('2026-12-03T08:00:00Z'),
        },
        { taskArn: ARN('ccc'), lastStatus: 'PROVISIONING', desiredStatus: 'RUNNING', createdAt: new Date('2026-12-03T09:59:00Z') },
        {
          taskArn: ARN('ddd'),
          lastStatus: 'RUNNING',
          desiredStatus: 'RUNNING',
          healthStatus: 'UNHEALTHY',
          startedAt: new Date('2026-12-03T09:00:00Z'),
        },
        { taskArn: ARN('aaa'), lastStatus: 'RUNNING', desiredStatus: 'STOPPED', startedAt: new Date('2026-12-02T08:00:00Z') },
        { taskArn: ARN('zzz'), lastStatus: 'STOPPED', desiredStatus: 'STOPPED', startedAt: new Date('2026-12-01T08:00:00Z') },
      ],
    });

    const [group] = await control().groups();
    expect(group).toEqual({
      name: 'kv-api',
      mode: 'ecs',
      size: 3,
      workers: [
        {
          id: 1,
          task: 'aaa',
          pid: null,
          status: 'draining',
          started_at: new Date('2026-12-02T08:00:00Z'),
          memory_rss: null,
          requests_in_flight: null,
          requests_served: null,
        },
        {
          id: 2,
          task: 'bbb',
          pid: null,
          status: 'ready',
          started_at: new Date('2026-12-03T08:00:00Z'),
          memory_rss: null,
          requests_in_flight: null,
          requests_served: null,
        },
        {
          id: 3,
          task: 'ddd',
          pid: null,
          status: 'unhealthy',
          started_at: new Date('2026-12-03T09:00:00Z'),
          memory_rss: null,
          requests_in_flight: null,
          requests_served: null,
        },
        {
          id: 4,
          task: 'ccc',
          pid: null,
          status: 'starting',
          started_at: new Date('2026-12-03T09:59:00Z'),
          memory_rss: null,
          requests_in_flight: null,
          requests_served: null,
        },
      ],
    });
    // Both pages of the running tasks were read, and all the tasks described in one call.
    expect(ecs.commandCalls(ListTasksCommand).map((c) => [c.args[0].input.desiredStatus, c.args[0].input.nextToken])).toEqual([
      ['RUNNING', undefined],
      ['RUNNING', 'more'],
      ['STOPPED', undefined],
    ]);
    expect(ecs.commandCalls(DescribeTasksCommand)[0]!.args[0].input).toEqual({
      cluster: 'kv-prod',
      tasks: [ARN('bbb'), ARN('ccc'), ARN('ddd'), ARN('aaa'), ARN('zzz')],
    });
  });

  it('restarts with a forced new deployment at minimum healthy 100%, keeping the service’s own deployment settings, and records it', async () => {
    ecs.on(DescribeServicesCommand).resolves({ services: [service([deployment({ id: OLD })])] });
    ecs.on(UpdateServiceCommand).resolves({
      service: service([deployment({ id: NEW, runningCount: 0, rolloutState: 'IN_PROGRESS' }), deployment({ id: OLD, status: 'ACTIVE' })]),
    });

    expect(await control().restart('kv-api', 'Ada Operator (admin-op)')).toEqual({ started: true });
    expect(ecs.commandCalls(UpdateServiceCommand)).toHaveLength(1);
    expect(ecs.commandCalls(UpdateServiceCommand)[0]!.args[0].input).toEqual({
      cluster: 'kv-prod',
      service: 'kv-api',
      forceNewDeployment: true,
      deploymentConfiguration: {
        minimumHealthyPercent: 100,
        maximumPercent: 200,
        deploymentCircuitBreaker: { enable: true, rollback: true },
      },
    });
    expect(await rows()).toEqual([
      {
        group: 'kv-api',
        mode: 'ecs',
        status: 'running',
        replaced: 0,
        total: 2,
        error: null,
        deployment: NEW,
        started_by: 'Ada Operator (admin-op)',
      },
    ]);
  });

  it('refuses while any deployment rolls out (ours or a deploy), and asks ECS for nothing', async () => {
    ecs.on(DescribeServicesCommand).resolves({
      services: [
        service([deployment({ id: NEW, runningCount: 1, rolloutState: 'IN_PROGRESS' }), deployment({ id: OLD, status: 'ACTIVE' })]),
      ],
    });
    expect(await control().restart('kv-api', 'Ada')).toEqual({ refused: 'in_progress' });
    expect(await control().restart('api', 'Ada')).toEqual({ refused: 'unknown_group' });
    expect(ecs.commandCalls(UpdateServiceCommand)).toHaveLength(0);
    expect(await rows()).toEqual([]);
  });

  it('refuses when another task recorded a restart a moment before ECS shows its deployment', async () => {
    ecs.on(DescribeServicesCommand).resolves({ services: [service([deployment({ id: OLD })])] });
    await createRestartLog(t.db).begin({ group: 'kv-api', mode: 'ecs', startedBy: 'Bea', total: 2 });
    expect(await control().restart('kv-api', 'Ada')).toEqual({ refused: 'in_progress' });
    expect(ecs.commandCalls(UpdateServiceCommand)).toHaveLength(0);
    // That row never got its deployment (the task died before UpdateService answered): after two minutes it is failed.
    now += 3 * 60_000;
    ecs.on(UpdateServiceCommand).resolves({ service: service([deployment({ id: NEW, runningCount: 0, rolloutState: 'IN_PROGRESS' })]) });
    expect(await control().restart('kv-api', 'Ada')).toEqual({ started: true });
    expect(await rows()).toMatchObject([
      { started_by: 'Bea', status: 'failed', error: 'ECS never reported the deployment this restart asked for.' },
      { started_by: 'Ada', status: 'running', deployment: NEW },
    ]);
  });

  it('follows the PRIMARY deployment: tasks running of desired while it rolls, done when ECS says COMPLETED', async () => {
    ecs.on(UpdateServiceCommand).resolves({ service: service([deployment({ id: NEW, runningCount: 0, rolloutState: 'IN_PROGRESS' })]) });
    ecs
      .on(DescribeServicesCommand)
      .resolvesOnce({ services: [service([deployment({ id: OLD })])] })
      .resolvesOnce({
        services: [
          service([deployment({ id: NEW, runningCount: 1, rolloutState: 'IN_PROGRESS' }), deployment({ id: OLD, status: 'ACTIVE' })]),
        ],
      })
      .resolvesOnce({
        // A running count above desired (a task starting while an old one drains) is not more than all.
        services: [
          service([deployment({ id: NEW, runningCount: 3, rolloutState: 'IN_PROGRESS' }), deployment({ id: OLD, status: 'ACTIVE' })]),
        ],
      })
      .resolves({ services: [service([deployment({ id: NEW, runningCount: 2, rolloutState: 'COMPLETED' })])] });

    const ctl = control();
    await ctl.restart('kv-api', 'Ada');
    await ctl.groups();
    expect(await rows()).toMatchObject([{ status: 'running', replaced: 1, total: 2 }]);
    await ctl.groups();
    expect(await rows()).toMatchObject([{ status: 'running', replaced: 2, total: 2 }]);
    await ctl.groups();
    expect(await rows()).toMatchObject([{ status: 'done', replaced: 2, total: 2, error: null }]);
    const finished = await t.db('api_group_restarts').first('finished_at');
    expect(finished?.finished_at).toBeInstanceOf(Date);
    // Finished: the next restart may start.
    ecs
      .on(UpdateServiceCommand)
      .resolves({ service: service([deployment({ id: 'ecs-svc/3', runningCount: 0, rolloutState: 'IN_PROGRESS' })]) });
    expect(await ctl.restart('kv-api', 'Ada')).toEqual({ started: true });
  });

  it("fails with ECS's reason when the rollout FAILED (circuit breaker), or when a newer deployment took over", async () => {
    ecs.on(UpdateServiceCommand).resolves({ service: service([deployment({ id: NEW, runningCount: 0, rolloutState: 'IN_PROGRESS' })]) });
    ecs
      .on(DescribeServicesCommand)
      .resolvesOnce({ services: [service([deployment({ id: OLD })])] })
      .resolves({
        services: [
          service([
            deployment({
              id: NEW,
              runningCount: 0,
              rolloutState: 'FAILED',
              rolloutStateReason: 'ECS deployment circuit breaker: tasks failed to start.',
            }),
          ]),
        ],
      });
    const ctl = control();
    await ctl.restart('kv-api', 'Ada');
    await ctl.groups();
    expect(await rows()).toMatchObject([
      { status: 'failed', replaced: 0, total: 2, error: 'ECS deployment circuit breaker: tasks failed to start.' },
    ]);

    ecs.reset();
    ecs.on(ListTasksCommand).resolves({ taskArns: [] });
    ecs
      .on(UpdateServiceCommand)
      .resolves({ service: service([deployment({ id: 'ecs-svc/4', runningCount: 0, rolloutState: 'IN_PROGRESS' })]) });
    ecs
      .on(DescribeServicesCommand)
      .resolvesOnce({ services: [service([deployment({ id: OLD })])] })
      .resolves({
        services: [
          service([
            deployment({ id: 'ecs-svc/5', runningCount: 0, rolloutState: 'IN_PROGRESS' }),
            deployment({ id: 'ecs-svc/4', status: 'ACTIVE', rolloutState: 'IN_PROGRESS' }),
          ]),
        ],
      });
    await ctl.restart('kv-api', 'Ada');
    await ctl.groups();
    expect((await rows())[1]).toMatchObject({
      status: 'failed',
      deployment: 'ecs-svc/4',
      error: 'A newer deployment (ecs-svc/5) replaced ecs-svc/4 before its rollout was seen to finish.',
    });
  });

  it('records a deployment ECS refused as failed and answers API_PROCESSES_UNAVAILABLE; nothing is left running', async () => {
    ecs.on(DescribeServicesCommand).resolves({ services: [service([deployment({ id: OLD })])] });
    ecs.on(UpdateServiceCommand).rejects(new Error('User is not authorized to perform: ecs:UpdateService'));
    await expect(control().restart('kv-api', 'Ada')).rejects.toMatchObject({
      code: 'API_PROCESSES_UNAVAILABLE',
      message: expect.stringContaining('not authorized to perform: ecs:UpdateService'),
    });
    expect(await rows()).toMatchObject([
      { status: 'failed', deployment: null, error: 'ECS refused the deployment: User is not authorized to perform: ecs:UpdateService' },
    ]);
    expect(await createRestartLog(t.db).running('kv-api')).toBeNull();
  });

  it('answers API_PROCESSES_UNAVAILABLE when ECS does not know the service', async () => {
    ecs.on(DescribeServicesCommand).resolves({ services: [], failures: [{ arn: 'kv-api', reason: 'MISSING' }] });
    await expect(control().groups()).rejects.toMatchObject({
      code: 'API_PROCESSES_UNAVAILABLE',
      message: expect.stringContaining('MISSING'),
    });
  });
});

describe('ECS API group over GraphQL', () => {
  const client = new ECSClient({ region: 'eu-west-1', credentials: { accessKeyId: 'x', secretAccessKey: 'y' } });
  let h: ControlPlaneHarness;
  let impl: ApiProcessControl;
  beforeAll(async () => {
    h = await startControlPlane({ apiProcesses: { groups: () => impl.groups(), restart: (g, by) => impl.restart(g, by) } });
    impl = ecsProcesses({ client, target: TARGET, restarts: createRestartLog(h.control.db) });
  });
  afterAll(() => h.close());

  it('reports tasks with null pid and figures, restarts through ECS, and shows the recorded restart', async () => {
    ecs.reset();
    ecs.on(ListTasksCommand, { desiredStatus: 'RUNNING' }).resolves({ taskArns: [ARN('bbb')] });
    ecs.on(ListTasksCommand, { desiredStatus: 'STOPPED' }).resolves({ taskArns: [] });
    ecs.on(DescribeTasksCommand).resolves({
      tasks: [{ taskArn: ARN('bbb'), lastStatus: 'RUNNING', desiredStatus: 'RUNNING', startedAt: new Date(Date.now() - 90_000) }],
    });
    ecs
      .on(DescribeServicesCommand)
      .resolvesOnce({ services: [service([deployment({ id: OLD })])] })
      .resolves({
        services: [
          service([deployment({ id: NEW, runningCount: 1, rolloutState: 'IN_PROGRESS' }), deployment({ id: OLD, status: 'ACTIVE' })]),
        ],
      });
    ecs.on(UpdateServiceCommand).resolves({ service: service([deployment({ id: NEW, runningCount: 0, rolloutState: 'IN_PROGRESS' })]) });

    const res = await h.gql(
      `mutation { restartServer(group: "kv-api") { status message group { name mode size
        workers { id task pid memory_rss requests_in_flight requests_served status uptime_seconds }
        last_restart { mode status replaced total deployment started_by } } } }`,
      {},
      { token: h.tokens.admin },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data.restartServer.message).toContain('minimum healthy 100%');
    expect(res.data.restartServer.group).toMatchObject({
      name: 'kv-api',
      mode: 'ecs',
      size: 2,
      workers: [{ id: 1, task: 'bbb', pid: null, memory_rss: null, requests_in_flight: null, requests_served: null, status: 'ready' }],
      last_restart: { mode: 'ecs', status: 'running', replaced: 1, total: 2, deployment: NEW, started_by: 'Ada Operator (admin-op)' },
    });
    expect(res.data.restartServer.group.workers[0].uptime_seconds).toBeGreaterThanOrEqual(90);
    const again = await h.gql('mutation { restartServer(group: "kv-api") { status } }', {}, { token: h.tokens.admin });
    expect(again.errors?.[0]?.extensions).toMatchObject({ code: 'RESTART_IN_PROGRESS', field: 'group' });
  });
});
