/**
 * The API processes as an ECS service (ECS_CLUSTER + ECS_SERVICE): every task of the service runs
 * `npm start` (the tenant API, the control plane and the SPA) behind the load balancer, so the
 * group is the service, named as it is (`ECS_SERVICE`), and its workers are the service's tasks.
 * A restart is a new deployment of the same task definition (`forceNewDeployment`) rolled out
 * with minimum healthy 100% and maximum 200%: ECS starts every replacement task and waits until it
 * is healthy before it drains and stops an old one, so the service never runs below its desired
 * count. Progress is ECS's own (the deployment's running count and rollout state), read on every
 * `groups()` and written to the restart's row: the task that asked for the deployment is itself
 * replaced by it, so no task's memory could follow it to the end.
 */
import {
  DescribeServicesCommand,
  DescribeTasksCommand,
  ListTasksCommand,
  UpdateServiceCommand,
  ECSClient,
  type DesiredStatus,
  type Service,
  type Task,
  type UpdateServiceCommandOutput,
} from '@aws-sdk/client-ecs';
import type { Knex } from 'knex';
import { apiProcessesUnavailable } from './errors.ts';
import { createRestartLog } from './repo.ts';
import type { ApiGroupState, ApiProcessControl, ApiWorkerState, ApiWorkerStatus, RestartLog } from './processes.ts';

export interface EcsTarget {
  cluster: string;
  service: string;
}

/** ECS_CLUSTER and ECS_SERVICE (both set, else null: the processes are this host's). The region is the AWS SDK's (AWS_REGION). */
export function ecsTargetFromEnv(env: NodeJS.ProcessEnv = process.env): EcsTarget | null {
  const cluster = env.ECS_CLUSTER?.trim();
  const service = env.ECS_SERVICE?.trim();
  return cluster && service ? { cluster, service } : null;
}

/** What every restart asks of ECS: no capacity lost (100%), up to a full second set of tasks while it rolls (200%). */
export const ECS_ROLLING = { minimumHealthyPercent: 100, maximumPercent: 200 } as const;

/** A restart row whose UpdateService never recorded its deployment (the task asking died in between) is failed after this. */
const UNSTARTED_AFTER_MS = 2 * 60_000;

const taskId = (arn: string | undefined) => (arn ?? '').split('/').pop() ?? '';

/** ECS's task states as a worker's: being placed or started, serving, or on its way out. */
export function workerStatus(task: Pick<Task, 'lastStatus' | 'desiredStatus' | 'healthStatus'>): ApiWorkerStatus {
  const last = task.lastStatus ?? 'PROVISIONING';
  // A task ECS decided to stop keeps RUNNING while the load balancer drains it.
  if (task.desiredStatus === 'STOPPED' || ['DEACTIVATING', 'STOPPING', 'DEPROVISIONING'].includes(last)) return 'draining';
  if (last !== 'RUNNING') return 'starting';
  // UNKNOWN: no container health check, or none passed yet; ECS counts the task as running either way.
  return task.healthStatus === 'UNHEALTHY' ? 'unhealthy' : 'ready';
}

export function ecsProcesses(opts: { client: ECSClient; target: EcsTarget; restarts: RestartLog; now?: () => number }): ApiProcessControl {
  const { client, restarts } = opts;
  const { cluster, service } = opts.target;
  const now = opts.now ?? Date.now;

  /** An AWS call; its failure (credentials, throttling, a missing service) is API_PROCESSES_UNAVAILABLE with ECS's words. */
  async function aws<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (err) {
      throw apiProcessesUnavailable(`ECS: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  async function describe(): Promise<Service> {
    const out = await aws(() => client.send(new DescribeServicesCommand({ cluster, services: [service] })));
    const svc = out.services?.find((s) => s.serviceName === service || s.serviceArn?.endsWith(`/${service}`));
    if (!svc || svc.status === 'INACTIVE')
      throw apiProcessesUnavailable(
        `ECS has no active service ${service} in cluster ${cluster} (${out.failures?.[0]?.reason ?? 'not found'}).`,
      );
    return svc;
  }

  async function tasks(): Promise<Task[]> {
    const arns: string[] = [];
    // RUNNING: placed, starting or serving; STOPPED: being stopped (draining) or gone (filtered below).
    for (const desiredStatus of ['RUNNING', 'STOPPED'] as DesiredStatus[]) {
      let nextToken: string | undefined;
      do {
        const page = await aws(() => client.send(new ListTasksCommand({ cluster, serviceName: service, desiredStatus, nextToken })));
        arns.push(...(page.taskArns ?? []));
        nextToken = page.nextToken;
      } while (nextToken);
    }
    const out: Task[] = [];
    for (let i = 0; i < arns.length; i += 100) {
      const page = await aws(() => client.send(new DescribeTasksCommand({ cluster, tasks: arns.slice(i, i + 100) })));
      out.push(...(page.tasks ?? []));
    }
    return out.filter((t) => t.lastStatus !== 'STOPPED');
  }

  /** Brings the group's running restart row up to ECS's state of its deployment. */
  async function follow(svc: Service): Promise<void> {
    const run = await restarts.running(service);
    if (!run || run.mode !== 'ecs') return;
    const deployments = svc.deployments ?? [];
    if (!run.deployment) {
      if (now() - run.started_at.getTime() > UNSTARTED_AFTER_MS)
        await restarts.finish(run.id, { status: 'failed', error: 'ECS never reported the deployment this restart asked for.' });
      return;
    }
    const mine = deployments.find((d) => d.id === run.deployment);
    const primary = deployments.find((d) => d.status === 'PRIMARY');
    if (!mine || mine.status !== 'PRIMARY') {
      const by = primary?.id ? ` (${primary.id})` : '';
      await restarts.finish(run.id, {
        status: 'failed',
        error: `A newer deployment${by} replaced ${run.deployment} before its rollout was seen to finish.`,
      });
      return;
    }
    const total = mine.desiredCount ?? run.total;
    const replaced = Math.min(mine.runningCount ?? 0, total);
    // rolloutState is absent for services ECS does not track (e.g. behind a Classic Load Balancer): steady state is the end.
    const state = mine.rolloutState ?? (deployments.length === 1 && replaced >= total ? 'COMPLETED' : 'IN_PROGRESS');
    if (state === 'COMPLETED') await restarts.finish(run.id, { status: 'done', replaced, total });
    else if (state === 'FAILED')
      await restarts.finish(run.id, {
        status: 'failed',
        replaced,
        total,
        error: mine.rolloutStateReason || 'ECS stopped the deployment (deployment circuit breaker).',
      });
    else if (replaced !== run.replaced || total !== run.total) await restarts.update(run.id, { replaced, total });
  }

  function worker(task: Task, i: number): ApiWorkerState {
    return {
      id: i + 1,
      pid: null,
      task: taskId(task.taskArn),
      started_at: task.startedAt ?? task.createdAt ?? new Date(now()),
      memory_rss: null,
      requests_in_flight: null,
      requests_served: null,
      status: workerStatus(task),
    };
  }

  return {
    async groups(): Promise<ApiGroupState[]> {
      const svc = await describe();
      await follow(svc);
      const list = (await tasks()).sort(
        (a, b) =>
          (a.startedAt ?? a.createdAt ?? new Date(0)).getTime() - (b.startedAt ?? b.createdAt ?? new Date(0)).getTime() ||
          taskId(a.taskArn).localeCompare(taskId(b.taskArn)),
      );
      return [{ name: service, mode: 'ecs', size: svc.desiredCount ?? 0, workers: list.map(worker) }];
    },

    async restart(group, startedBy) {
      if (group !== service) return { refused: 'unknown_group' };
      const svc = await describe();
      await follow(svc);
      // One rollout at a time, ours or anyone's (a deploy from CI is a deployment too).
      if ((svc.deployments ?? []).some((d) => d.rolloutState === 'IN_PROGRESS')) return { refused: 'in_progress' };
      const run = await restarts.begin({ group, mode: 'ecs', startedBy, total: svc.desiredCount ?? 0 });
      if (!run) return { refused: 'in_progress' };
      let out: UpdateServiceCommandOutput;
      try {
        out = await client.send(
          new UpdateServiceCommand({
            cluster,
            service,
            forceNewDeployment: true,
            // The service's own settings (circuit breaker, alarms) stay; only the rolling bounds are ours.
            deploymentConfiguration: { ...svc.deploymentConfiguration, ...ECS_ROLLING },
          }),
        );
      } catch (err) {
        const detail = `ECS refused the deployment: ${err instanceof Error ? err.message : String(err)}`;
        await restarts.finish(run.id, { status: 'failed', error: detail });
        throw apiProcessesUnavailable(detail);
      }
      // ECS runs it now: the row follows the new PRIMARY deployment (without its id, it fails after UNSTARTED_AFTER_MS).
      const primary = out.service?.deployments?.find((d) => d.status === 'PRIMARY');
      await restarts.update(run.id, { deployment: primary?.id ?? null, total: primary?.desiredCount ?? run.total });
      return { started: true };
    },
  };
}

/**
 * The ECS group when ECS_CLUSTER and ECS_SERVICE are set (null otherwise): an ECS client with the
 * SDK's usual region (AWS_REGION, set in ECS tasks) and credentials (the task role), restarts
 * recorded in the control DB.
 */
export function ecsProcessesFromEnv(
  controlDb: Knex,
  env: NodeJS.ProcessEnv = process.env,
): (ApiProcessControl & { target: EcsTarget }) | null {
  const target = ecsTargetFromEnv(env);
  if (!target) return null;
  return { target, ...ecsProcesses({ client: new ECSClient({}), target, restarts: createRestartLog(controlDb) }) };
}
