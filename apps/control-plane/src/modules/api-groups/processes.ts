/**
 * The API processes a deployment runs, as the control plane sees them: what `npm start` (one
 * process, or a `node:cluster` primary and its workers under API_WORKERS) hands it through
 * `ControlPlaneDeps.apiProcesses`, or ECS (`ecs.ts`, ECS_CLUSTER + ECS_SERVICE). The control plane
 * reads and restarts them only through this; each restart is recorded in `api_group_restarts`.
 */

export type ApiGroupMode = 'single' | 'cluster' | 'ecs';
/** `unhealthy`: an ECS task running but failing its container health check. */
export type ApiWorkerStatus = 'starting' | 'ready' | 'unhealthy' | 'draining';
export type ApiRestartStatus = 'running' | 'done' | 'failed';

export interface ApiWorkerState {
  /** The cluster's worker id (0 for a single process); an ECS task's place in the list (1…, oldest first). */
  id: number;
  /** Null where the process is not ours to see (an ECS task). */
  pid: number | null;
  /** The ECS task id; absent elsewhere. */
  task?: string | null;
  started_at: Date;
  /** Null where nobody measures it (ECS: no per-task figures without CloudWatch). */
  memory_rss: number | null;
  requests_in_flight: number | null;
  requests_served: number | null;
  status: ApiWorkerStatus;
}

/** A restart as recorded in `api_group_restarts` (it outlives the processes it restarted). */
export interface ApiRestartState {
  id: string;
  group: string;
  mode: Exclude<ApiGroupMode, 'single'>;
  status: ApiRestartStatus;
  started_at: Date;
  finished_at: Date | null;
  /** The operator's label. */
  started_by: string;
  /** Workers (ECS: tasks of the new deployment) replaced so far, out of `total`. */
  replaced: number;
  total: number;
  error: string | null;
  /** The ECS deployment the restart started; null in cluster mode. */
  deployment: string | null;
}

export interface ApiGroupState {
  name: string;
  mode: ApiGroupMode;
  /** The workers the group keeps (API_WORKERS; 1 for a single process; the ECS service's desired count). */
  size: number;
  workers: ApiWorkerState[];
}

/** Why a restart was not started. */
export type RestartRefusal = 'in_progress' | 'single_process' | 'unknown_group';

/**
 * Where the process running a restart records it (the control DB's `api_group_restarts`,
 * `createRestartLog`); `getApiGroups` reads `last_restart` from there, not from any process's memory.
 */
export interface RestartLog {
  /** Records a running restart; null when the group already has one running (recorded by any process). */
  begin(r: { group: string; mode: ApiRestartState['mode']; startedBy: string; total: number }): Promise<ApiRestartState | null>;
  /** Progress of a running restart (a finished one is left as it is). */
  update(id: string, change: { replaced?: number; total?: number; deployment?: string | null }): Promise<void>;
  /** Ends a running restart (a finished one is left as it is). */
  finish(id: string, end: { status: 'done' | 'failed'; replaced?: number; total?: number; error?: string | null }): Promise<void>;
  /** The group's running restart, if any. */
  running(group: string): Promise<ApiRestartState | null>;
  /** Ends the group's running restarts of this mode as failed with `reason` (a cluster primary that started again); how many. */
  abandon(group: string, mode: ApiRestartState['mode'], reason: string): Promise<number>;
}

export interface ApiProcessControl {
  groups(): Promise<ApiGroupState[]>;
  /** Starts a rolling restart of the group, recorded in its RestartLog, and answers at once (progress: `groups()` and the log). */
  restart(group: string, startedBy: string): Promise<{ started: true } | { refused: RestartRefusal }>;
}

/** Requests served by this process: counted by the HTTP server that owns the port. */
export interface RequestMeter {
  readonly startedAt: Date;
  inFlight: number;
  served: number;
}

export function createRequestMeter(): RequestMeter {
  return { startedAt: new Date(), inFlight: 0, served: 0 };
}

export const API_GROUP = 'api';

/** One process serves everything (API_WORKERS unset): it reports itself and cannot be restarted from inside. */
export function singleProcess(meter: RequestMeter): ApiProcessControl {
  return {
    async groups() {
      return [
        {
          name: API_GROUP,
          mode: 'single',
          size: 1,
          workers: [
            {
              id: 0,
              pid: process.pid,
              started_at: meter.startedAt,
              memory_rss: process.memoryUsage.rss(),
              requests_in_flight: meter.inFlight,
              requests_served: meter.served,
              status: 'ready',
            },
          ],
        },
      ];
    },
    async restart(group) {
      return { refused: group === API_GROUP ? 'single_process' : 'unknown_group' };
    },
  };
}
