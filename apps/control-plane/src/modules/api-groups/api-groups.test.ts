import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import type { ApiGroupState, ApiProcessControl } from './processes.ts';

const GROUPS = `{ getApiGroups { name mode size
  workers { id pid started_at uptime_seconds memory_rss requests_in_flight requests_served status }
  last_restart { status started_at finished_at started_by replaced total error } } }`;
const RESTART = `mutation($g: String!) { restartServer(group: $g) { status message color group { name mode last_restart { status started_by total } } } }`;

/** A cluster as its primary answers: one restart at a time, the second refused while it runs. */
function clusterOf(size: number): ApiProcessControl & { finish(): void } {
  const started = new Date('2026-11-28T05:00:00Z');
  let restart: ApiGroupState['last_restart'] = null;
  return {
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
          last_restart: restart,
        },
      ];
    },
    async restart(group, by) {
      if (group !== 'api') return { refused: 'unknown_group' };
      if (restart?.status === 'running') return { refused: 'in_progress' };
      restart = { status: 'running', started_at: new Date(), finished_at: null, started_by: by, replaced: 0, total: size, error: null };
      return { started: true };
    },
    finish() {
      if (restart) restart = { ...restart, status: 'done', replaced: size, finished_at: new Date() };
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
    const second = await h.gql(RESTART, { g: 'api' }, { token: h.tokens.admin });
    expect(second.errors?.[0]?.extensions).toMatchObject({ code: 'RESTART_IN_PROGRESS', field: 'group' });
    const audits = await h.control.db('audit_log').where('action', 'like', 'api_group.%').orderBy('id').select('action', 'data');
    expect(audits).toEqual([
      { action: 'api_group.restart', data: { group: 'api' } },
      { action: 'api_group.restart_refused', data: { group: 'api', reason: 'in_progress' } },
    ]);

    cluster.finish();
    const read = await h.gql(GROUPS, {}, { token: h.tokens.kvsupport });
    expect(read.data.getApiGroups[0]).toMatchObject({ size: 4, last_restart: { status: 'done', replaced: 4, total: 4 } });
    expect(read.data.getApiGroups[0].workers.map((w: { pid: number }) => w.pid)).toEqual([1000, 1001, 1002, 1003]);
    const again = await h.gql(RESTART, { g: 'api' }, { token: h.tokens.admin });
    expect(again.errors).toBeUndefined();
  });
});
