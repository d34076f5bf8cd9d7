import { AppError } from '@kv/server';

export const ApiGroupError = {
  NotFound: 'API_GROUP_NOT_FOUND',
  RestartInProgress: 'RESTART_IN_PROGRESS',
  RestartNeedsWorkers: 'RESTART_NEEDS_WORKERS',
  ProcessesUnavailable: 'API_PROCESSES_UNAVAILABLE',
} as const;

export const apiGroupNotFound = () => new AppError(ApiGroupError.NotFound, 'No API process group has this name.', { field: 'group' });
export const restartInProgress = () =>
  new AppError(ApiGroupError.RestartInProgress, 'A restart of this group is already running; follow it in the API groups list.', {
    field: 'group',
  });
export const restartNeedsWorkers = () =>
  new AppError(
    ApiGroupError.RestartNeedsWorkers,
    'This deployment runs the API as one process, which cannot restart itself without dropping requests. Start it with API_WORKERS=n (a primary and n workers) to restart it.',
    { field: 'group' },
  );
/** Whoever runs the processes (the cluster primary, ECS) did not answer or refused the call; `detail` says what it said. */
export const apiProcessesUnavailable = (detail: string) =>
  new AppError(ApiGroupError.ProcessesUnavailable, `The API processes could not be reached: ${detail}`);
