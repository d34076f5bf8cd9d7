import type { Knex } from 'knex';
import type { EventHandler, JobQueue } from '@kv/jobs';
import type { CentreEntry } from '@kv/directory';
import { registerImportJobs } from './modules/imports/index.ts';
import { registerAttendanceJobs, startAttendanceTick } from './modules/attendance/index.ts';
import { registerFileJobs, scheduleUploadSweep } from './modules/files/index.ts';
import { registerActivityEvents, registerActivityJobs, startActivityTick } from './modules/activities/index.ts';
import { registerBillingJobs, startBillingRun } from './modules/billing/index.ts';
import { registerFoodMenuJobs, startFoodMenuRotation } from './modules/food-menu/index.ts';
import { registerNotificationEvents, registerNotificationJobs, startNotificationTick } from './modules/notifications/index.ts';
import { registerNewsletterJobs } from './modules/newsletters/index.ts';
import { registerDocumentEvents, registerDocumentJobs, startDocumentExpiry } from './modules/documents/index.ts';
import { registerImmunizationJobs, startImmunizationRun } from './modules/immunizations/index.ts';
import { registerFormEvents } from './modules/forms/index.ts';
import { registerWebsiteJobs, startWebsiteReports } from './modules/websites/index.ts';
import type { ControlPlaneClient } from '@kv/auth';
import type { FileStore } from '@kv/files';
import { registerCalendarJobs } from './modules/calendar/index.ts';
import type { GoogleCalendarConfig } from './types.ts';
import type { StripeConfig } from './types.ts';
import { registerAutopayJobs, startAutopay } from './modules/billing/index.ts';

export interface TenantJobDeps {
  /** A centre's database, by centre id. */
  dbFor(centreId: string): Promise<Knex>;
  entryFor(centreId: string): Promise<CentreEntry>;
  /** Public origin of a centre, for links in messages. */
  centreOrigin(slug: string): string;
  /** Wakes the outbox after a job's own transaction. */
  kick(centreId: string, db: Knex): void;
  /** Where uploads live (the upload check reads and writes there). */
  files?: FileStore;
  /** Google Calendar (the push of linked calendars); none: those jobs fail permanently. */
  google?: GoogleCalendarConfig;
  /** Card payments (billing autopay): the API's Stripe settings. */
  stripe?: { production: boolean; stripe?: StripeConfig };
  /** The centres' channel to the control plane (the websites report); without it those jobs fail. */
  controlPlane?: ControlPlaneClient;
}

/** Registers the job handlers of every tenant-API area on the queue (call `queue.start()` after). */
export function registerTenantJobs(queue: JobQueue, deps: TenantJobDeps): void {
  registerImportJobs(queue, deps);
  registerAttendanceJobs(queue, deps);
  registerFileJobs(queue, deps);
  registerActivityJobs(queue, deps);
  registerBillingJobs(queue, deps);
  registerFoodMenuJobs(queue, deps);
  registerNotificationJobs(queue, deps);
  registerCalendarJobs(queue, deps);
  registerAutopayJobs(queue, { dbFor: deps.dbFor, config: deps.stripe });
  registerNewsletterJobs(queue, deps);
  registerDocumentJobs(queue, deps);
  registerImmunizationJobs(queue, deps);
  registerWebsiteJobs(queue, deps);
}

/** Registers the domain-event handlers of every tenant-API area on the event dispatcher. */
export function registerTenantEvents(
  events: { on(name: string, handler: EventHandler): void },
  deps: Pick<TenantJobDeps, 'entryFor'>,
): void {
  const onEvent = (name: string, handler: EventHandler) => events.on(name, handler);
  registerActivityEvents(onEvent);
  registerNotificationEvents(onEvent, deps);
  registerDocumentEvents(onEvent);
  registerFormEvents(onEvent);
}

/**
 * Starts the recurring work of one centre (attendance reminders and ratio forecasts every five
 * minutes, the hourly sweep of abandoned uploads, the hourly billing run); idempotent, so every process may call it at
 * start-up for every active centre.
 */
export async function startTenantSchedules(db: Knex, centre: CentreEntry): Promise<void> {
  await startAttendanceTick(db, centre.id, centre.name);
  await scheduleUploadSweep(db, centre.id);
  await startActivityTick(db, centre.id);
  await startBillingRun(db, centre.id);
  await startFoodMenuRotation(db, centre.id);
  await startNotificationTick(db, centre.id);
  await startAutopay(db, centre.id);
  await startDocumentExpiry(db, centre.id);
  await startImmunizationRun(db, centre.id);
  await startWebsiteReports(db, centre.id);
}
