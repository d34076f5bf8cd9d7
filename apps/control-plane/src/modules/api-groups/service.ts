import { z } from 'zod';
import { fields, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { apiGroupPolicy } from './policy.ts';
import { apiGroupNotFound, restartInProgress, restartNeedsWorkers } from './errors.ts';
import { createRequestMeter, singleProcess, type ApiGroupState } from './processes.ts';

const restartArgs = z.object({ group: fields.text('group', { max: 60 }) });

function withUptime(group: ApiGroupState, now = Date.now()) {
  return {
    ...group,
    workers: group.workers.map((w) => ({ ...w, uptime_seconds: Math.max(0, Math.floor((now - w.started_at.getTime()) / 1000)) })),
  };
}

export function createApiGroupService(rt: ControlPlaneRuntime) {
  // A control plane built without the start script (tests, tools) is one process that was never metered.
  const processes = rt.deps.apiProcesses ?? singleProcess(createRequestMeter());

  return {
    async getApiGroups(actor: Actor) {
      requireRole(actor, apiGroupPolicy.getApiGroups);
      return (await processes.groups()).map((g) => withUptime(g));
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
      const state = (await processes.groups()).find((g) => g.name === group);
      if (!state) throw apiGroupNotFound();
      return done(`Restarting ${group}: each of its ${state.size} workers is replaced in turn. Follow the progress below.`, {
        group: withUptime(state),
      });
    },
  };
}

export type ApiGroupService = ReturnType<typeof createApiGroupService>;
