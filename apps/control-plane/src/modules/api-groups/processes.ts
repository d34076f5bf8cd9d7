/**
 * The API processes a deployment runs, as the control plane sees them: what `npm start` (one
 * process, or a `node:cluster` primary and its workers under API_WORKERS) hands it through
 * `ControlPlaneDeps.apiProcesses`. The control plane reads and restarts them only through this.
 */

export type ApiGroupMode = 'single' | 'cluster';
export type ApiWorkerStatus = 'starting' | 'ready' | 'draining';
export type ApiRestartStatus = 'running' | 'done' | 'failed';

export interface ApiWorkerState {
  /** The cluster's worker id (0 for a single process). */
  id: number;
  pid: number;
  started_at: Date;
  memory_rss: number;
  requests_in_flight: number;
  requests_served: number;
  status: ApiWorkerStatus;
}

export interface ApiRestartState {
  status: ApiRestartStatus;
  started_at: Date;
  finished_at: Date | null;
  /** The operator's label. */
  started_by: string;
  /** Workers replaced so far, out of `total`. */
  replaced: number;
  total: number;
  error: string | null;
}

export interface ApiGroupState {
  name: string;
  mode: ApiGroupMode;
  /** The workers the group keeps (API_WORKERS; 1 for a single process). */
  size: number;
  workers: ApiWorkerState[];
  last_restart: ApiRestartState | null;
}

/** Why a restart was not started. */
export type RestartRefusal = 'in_progress' | 'single_process' | 'unknown_group';

export interface ApiProcessControl {
  groups(): Promise<ApiGroupState[]>;
  /** Starts a rolling restart of the group and answers at once (progress: `groups()`). */
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
          last_restart: null,
        },
      ];
    },
    async restart(group) {
      return { refused: group === API_GROUP ? 'single_process' : 'unknown_group' };
    },
  };
}
