import { z } from 'zod';
import { fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { apiGroupPolicy } from './policy.ts';
import { apiGroupNotFound, restartInProgress, restartNeedsWorkers } from './errors.ts';
import { createRequestMeter, singleProcess, type ApiGroupState, type ApiRestartState } from './processes.ts';
import * as repo from './repo.ts';

const groupField = fields.text('group', { max: 60 });
const restartArgs = z.object({ group: groupField });
const historyArgs = z.object({ group: groupField, ...pageArgs });

function withUptime(group: ApiGroupState, lastRestart: ApiRestartState | null, now = Date.now()) {
  return {
    ...group,
    workers: group.workers.map((w) => ({ ...w, uptime_seconds: Math.max(0, Math.floor((now - w.started_at.getTime()) / 1000)) })),
    last_restart: lastRestart,
  };
}

/** What restartServer tells the operator it started, in the group's own terms. */
function startedMessage(group: ApiGroupState): string {
  if (group.mode === 'ecs')
    return `Restarting ${group.name}: ECS starts ${group.size} new task(s) and stops each old one once a new one is healthy (minimum healthy 100%). Follow the progress below.`;
  return `Restarting ${group.name}: each of its ${group.size} workers is replaced in turn. Follow the progress below.`;
}

export function createApiGroupService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  // A control plane built without the start script (tests, tools) is one process that was never metered.
  const processes = rt.deps.apiProcesses ?? singleProcess(createRequestMeter());

  /** The groups now, each with its latest restart as recorded (it outlives the processes it restarted). */
  async function groupsWithRestarts() {
    const groups = await processes.groups();
    const latest = await repo.latestRestarts(
      db,
      groups.map((g) => g.name),
    );
    return groups.map((g) => withUptime(g, latest.get(g.name) ?? null));
  }

  return {
    async getApiGroups(actor: Actor) {
      requireRole(actor, apiGroupPolicy.getApiGroups);
      return groupsWithRestarts();
    },

    async getApiGroupRestarts(actor: Actor, raw: unknown) {
      requireRole(actor, apiGroupPolicy.getApiGroupRestarts);
      // Any group name: a group the deployment no longer runs (API_WORKERS off, another ECS service) keeps its history.
      const { group, page, first } = parseArgs(historyArgs, raw);
      const { rows, total } = await repo.listRestarts(db, { group, offset: (page - 1) * first, limit: first });
      return paginated(rows, total, page, first);
    },

    async restartServer(actor: Actor, raw: unknown) {
      const viewer = requireRole(actor, apiGroupPolicy.restartServer);
      const { group } = parseArgs(restartArgs, raw);
      const answer = await processes.restart(group, viewer.label);
      if ('refused' in answer) {
        await writeAudit(rt.controlDb, actor, 'api_group.restart_refused', 'api_group', null, { group, reason: answer.refused });
        if (answer.refused === 'unknown_group') throw apiGroupNotFound();
        if (answer.refused === 'in_progress') throw restartInProgress();
        throw restartNeedsWorkers();
      }
      await writeAudit(rt.controlDb, actor, 'api_group.restart', 'api_group', null, { group });
      const state = (await groupsWithRestarts()).find((g) => g.name === group);
      if (!state) throw apiGroupNotFound();
      return done(startedMessage(state), { group: state });
    },
  };
}

export type ApiGroupService = ReturnType<typeof createApiGroupService>;
