import type { Knex } from 'knex';
import type { CentreEntry } from '@kv/directory';
import type { JobQueue } from '@kv/jobs';
import { NEWSLETTERS_QUEUE, SEND_JOB, runNewsletterSend } from './service/send.ts';

export interface NewsletterJobDeps {
  dbFor(centreId: string): Promise<Knex>;
  entryFor(centreId: string): Promise<CentreEntry>;
  centreOrigin(slug: string): string;
  kick?(centreId: string, db: Knex): void;
}

/** The newsletter send job (worker.ts `registerTenantJobs`); one send at a time per process, it queues thousands of mails. */
export function registerNewsletterJobs(queue: JobQueue, deps: NewsletterJobDeps): void {
  queue.register(
    NEWSLETTERS_QUEUE,
    SEND_JOB,
    (job) =>
      runNewsletterSend(job, {
        dbFor: deps.dbFor,
        originFor: async (centreId) => deps.centreOrigin((await deps.entryFor(centreId)).slug),
        kick: deps.kick,
      }),
    { concurrency: 1 },
  );
}
