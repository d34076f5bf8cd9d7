import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import type { ApiProcessControl, RestartLog } from './processes.ts';
import { createRestartLog } from './repo.ts';

const GROUPS = `{ getApiGroups { name mode size
  workers { id pid started_at uptime_seconds memory_rss requests_in_flight requests_served status }
  last_restart { id mode status started_at finished_at started_by replaced total error deployment } } }`;
const HISTORY = `query($g: String!, $page: Int, $first: Int) { getApiGroupRestarts(group: $g, page: $page, first: $first) {
  data { mode status started_by replaced total error } paginatorInfo { currentPage lastPage total } } }`;
const RESTART = `mutation($g: String!) { restartServer(group: $g) { status message color group { name mode last_restart { status started_by total } } } }`;

/** A cluster as its primary answers: one restart at a time, recorded in the control DB as it runs. */
function clusterOf(size: number): ApiProcessControl & { attach(log: RestartLog): void; finish(): Promise<void> } {
  const started = new Date('2026-11-28T05:00:00Z');
  let log: RestartLog;
  let running: string | null = null;
  return {
    attach(l) {
      log = l;
    },
    async groups() {
      return [
        {
          name: 'api',
          mode: 'cluster',
          size,
          workers: Array.from({ length: size }, (_, i) => ({
            id: i + 1,
            pid: 1000 + i,
            started_at: started,
            memory_rss: 150_000_000,
            requests_in_flight: 0,
            requests_served: 10 * i,
            status: 'ready' as const,
          })),
        },
      ];
    },
    async restart(group, by) {
      if (group !== 'api') return { refused: 'unknown_group' };
      if (running) return { refused: 'in_progress' };
      const run = await log.begin({ group, mode: 'cluster', startedBy: by, total: size });
      if (!run) return { refused: 'in_progress' };
      running = run.id;
      return { started: true };
    },
    async finish() {
      await log.finish(running!, { status: 'done', replaced: size });
      running = null;
    },
  };
}

describe('API groups in one process (API_WORKERS unset)', () => {
  let h: ControlPlaneHarness;
  beforeAll(async () => {
    h = await startControlPlane();
  });
  afterAll(() => h.close());

  it('reports this process to kvsupport and admin, and nothing to a guest', async () => {
    for (const token of [h.tokens.kvsupport, h.tokens.admin]) {
      const res = await h.gql(GROUPS, {}, { token });
      expect(res.errors).toBeUndefined();
      expect(res.data.getApiGroups).toEqual([
        expect.objectContaining({
          name: 'api',
          mode: 'single',
          size: 1,
          last_restart: null,
          workers: [expect.objectContaining({ pid: process.pid, status: 'ready' })],
        }),
      ]);
      expect(res.data.getApiGroups[0].workers[0].memory_rss).toBeGreaterThan(0);
    }
    const guest = await h.gql(GROUPS);
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(guest.data).toBeNull();
  });

  it('refuses a restart with RESTART_NEEDS_WORKERS, audited', async () => {
    const res = await h.gql(RESTART, { g: 'api' }, { token: h.tokens.admin });
    expect(res.errors?.[0]).toMatchObject({ extensions: { code: 'RESTART_NEEDS_WORKERS', field: 'group' } });
    expect(res.errors?.[0]?.message).toContain('API_WORKERS');
    const audit = await h.control.db('audit_log').where({ action: 'api_group.restart_refused' }).first('actor_label', 'data');
    expect(audit).toMatchObject({ actor_label: 'Ada Operator (admin-op)', data: { group: 'api', reason: 'single_process' } });
  });

  it('refuses kvsupport (FORBIDDEN) and a guest (UNAUTHENTICATED) before anything else', async () => {
    const support = await h.gql(RESTART, { g: 'api' }, { token: h.tokens.kvsupport });
    expect(support.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const guest = await h.gql(RESTART, { g: 'api' });
    expect(guest.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('names the group when it is blank or unknown', async () => {
    const blank = await h.gql(RESTART, { g: ' ' }, { token: h.tokens.admin });
    expect(blank.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'group' });
    const unknown = await h.gql(RESTART, { g: 'workers' }, { token: h.tokens.admin });
    expect(unknown.errors?.[0]?.extensions).toMatchObject({ code: 'API_GROUP_NOT_FOUND', field: 'group' });
  });
});

describe('API groups of a cluster (API_WORKERS=4)', () => {
  let h: ControlPlaneHarness;
  const cluster = clusterOf(4);
  beforeAll(async () => {
    h = await startControlPlane({ apiProcesses: cluster });
    cluster.attach(createRestartLog(h.control.db));
  });
  afterAll(() => h.close());

  it('starts one restart at a time: answers at once, refuses a second with RESTART_IN_PROGRESS, audits both', async () => {
    const first = await h.gql(RESTART, { g: 'api' }, { token: h.tokens.admin });
    expect(first.errors).toBeUndefined();
    expect(first.data.restartServer).toMatchObject({
      status: true,
      color: 'success',
      group: { name: 'api', mode: 'cluster', last_restart: { status: 'running', started_by: 'Ada Operator (admin-op)', total: 4 } },
    });
    expect(first.data.restartServer.message).toContain('each of its 4 workers is replaced in turn');
    const second = await h.gql(RESTART, { g: 'api' }, { token: h.tokens.admin });
    expect(second.errors?.[0]?.extensions).toMatchObject({ code: 'RESTART_IN_PROGRESS', field: 'group' });
    const audits = await h.control.db('audit_log').where('action', 'like', 'api_group.%').orderBy('id').select('action', 'data');
    expect(audits).toEqual([
      { action: 'api_group.restart', data: { group: 'api' } },
      { action: 'api_group.restart_refused', data: { group: 'api', reason: 'in_progress' } },
    ]);

    await cluster.finish();
    const read = await h.gql(GROUPS, {}, { token: h.tokens.kvsupport });
    expect(read.data.getApiGroups[0]).toMatchObject({
      size: 4,
      last_restart: { mode: 'cluster', status: 'done', replaced: 4, total: 4, error: null, deployment: null },
    });
    expect(read.data.getApiGroups[0].last_restart.finished_at).not.toBeNull();
    expect(read.data.getApiGroups[0].workers.map((w: { pid: number }) => w.pid)).toEqual([1000, 1001, 1002, 1003]);
    const again = await h.gql(RESTART, { g: 'api' }, { token: h.tokens.admin });
    expect(again.errors).toBeUndefined();
    await cluster.finish();

    // The history, newest first, paged: kvsupport reads it, a guest does not.
    const page1 = await h.gql(HISTORY, { g: 'api', first: 1 }, { token: h.tokens.kvsupport });
    expect(page1.errors).toBeUndefined();
    expect(page1.data.getApiGroupRestarts).toEqual({
      data: [{ mode: 'cluster', status: 'done', started_by: 'Ada Operator (admin-op)', replaced: 4, total: 4, error: null }],
      paginatorInfo: { currentPage: 1, lastPage: 2, total: 2 },
    });
    const ids = (await h.control.db('api_group_restarts').orderBy('id').select('id')).map((r) => String(r.id));
    const all = await h.gql('query { getApiGroupRestarts(group: "api") { data { id } } }', {}, { token: h.tokens.kvsupport });
    expect(all.data.getApiGroupRestarts.data.map((r: { id: string }) => r.id)).toEqual([...ids].reverse());
    expect((await h.gql(HISTORY, { g: 'api' })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await h.gql(HISTORY, { g: '' }, { token: h.tokens.kvsupport })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'group',
    });
    expect((await h.gql(HISTORY, { g: 'api', first: 0 }, { token: h.tokens.kvsupport })).errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'first',
    });
    const other = await h.gql(HISTORY, { g: 'kv-api' }, { token: h.tokens.kvsupport });
    expect(other.data.getApiGroupRestarts).toMatchObject({ data: [], paginatorInfo: { total: 0, lastPage: 1 } });
  });
});

describe('restart history outlives the processes', () => {
  let h: ControlPlaneHarness;
  beforeAll(async () => {
    // One process that remembers nothing: what it reports as the last restart can only come from the control DB.
    h = await startControlPlane();
  });
  afterAll(() => h.close());

  it('reads last_restart from api_group_restarts: the latest row of the group, running or finished', async () => {
    const log = createRestartLog(h.control.db);
    const older = await log.begin({ group: 'api', mode: 'cluster', startedBy: 'Ada', total: 4 });
    await log.finish(older!.id, { status: 'failed', replaced: 1, error: 'worker 5 exited before it was ready (1)' });
    const read = async () => (await h.gql(GROUPS, {}, { token: h.tokens.kvsupport })).data.getApiGroups[0].last_restart;
    expect(await read()).toMatchObject({
      id: older!.id,
      status: 'failed',
      replaced: 1,
      total: 4,
      error: 'worker 5 exited before it was ready (1)',
    });
    const newer = await log.begin({ group: 'api', mode: 'cluster', startedBy: 'Bea', total: 4 });
    await log.update(newer!.id, { replaced: 2 });
    expect(await read()).toMatchObject({ id: newer!.id, status: 'running', started_by: 'Bea', replaced: 2, finished_at: null });
    // Another group's rows are not this group's.
    await log.begin({ group: 'kv-api', mode: 'ecs', startedBy: 'Cy', total: 2 });
    expect(await read()).toMatchObject({ id: newer!.id });
  });
});

describe('createRestartLog', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase('controlPlane', 'restarts');
  });
  afterAll(() => t.drop());

  it('keeps one running restart per group, whichever process asks; a finished one stays as it ended', async () => {
    const a = createRestartLog(t.db);
    const b = createRestartLog(t.db);
    const run = await a.begin({ group: 'api', mode: 'cluster', startedBy: 'Ada', total: 3 });
    expect(run).toMatchObject({
      group: 'api',
      mode: 'cluster',
      status: 'running',
      replaced: 0,
      total: 3,
      finished_at: null,
      deployment: null,
    });
    expect(await b.begin({ group: 'api', mode: 'cluster', startedBy: 'Bea', total: 3 })).toBeNull();
    expect(await b.running('api')).toMatchObject({ id: run!.id, started_by: 'Ada' });
    // Another group is free.
    expect(await b.begin({ group: 'kv-api', mode: 'ecs', startedBy: 'Bea', total: 2 })).not.toBeNull();

    await a.finish(run!.id, { status: 'done', replaced: 3 });
    await a.update(run!.id, { replaced: 1 });
    await a.finish(run!.id, { status: 'failed', error: 'late' });
    const row = await t.db('api_group_restarts').where({ id: run!.id }).first();
    expect(row).toMatchObject({ status: 'done', replaced: 3, error: null });
    expect(row.finished_at).toBeInstanceOf(Date);
    expect(await a.running('api')).toBeNull();
    expect(await b.begin({ group: 'api', mode: 'cluster', startedBy: 'Bea', total: 3 })).not.toBeNull();
  });

  it('abandons only the running restarts of the group and mode it names', async () => {
    const log = createRestartLog(t.db);
    await t.db('api_group_restarts').del();
    const cluster = await log.begin({ group: 'api', mode: 'cluster', startedBy: 'Ada', total: 2 });
    const ecs = await log.begin({ group: 'kv-api', mode: 'ecs', startedBy: 'Ada', total: 2 });
    expect(await log.abandon('api', 'ecs', 'no')).toBe(0);
    expect(await log.abandon('api', 'cluster', 'The cluster primary stopped before this restart finished.')).toBe(1);
    expect(await t.db('api_group_restarts').where({ id: cluster!.id }).first('status', 'error')).toEqual({
      status: 'failed',
      error: 'The cluster primary stopped before this restart finished.',
    });
    expect(await log.running('kv-api')).toMatchObject({ id: ecs!.id });
  });
});
