export type { EnqueueOptions, JobContext, JobData, JobHandler, JobInfo, JobLog, JobQueue, JobQueueOptions, JobState } from './types.ts';
export { JobDataError, PermanentJobError } from './job-data.ts';
export { createJobQueue } from './create-job-queue.ts';
export { writeOutbox, wroteOutbox, type OutboxEntry } from './outbox.ts';
export { OutboxDispatcher, type OutboxDispatcherOptions, type OutboxSource } from './outbox-dispatcher.ts';
export { SourceSweeper, type SweepSource, type DrainResult } from './source-sweeper.ts';
export {
  emit,
  emittedEvents,
  eventPayloadProblem,
  EventPayloadError,
  type DomainEvent,
  type EventHandler,
  type EventPayload,
} from './events.ts';
export { EventDispatcher, type EventDispatcherOptions } from './event-dispatcher.ts';
export { parkedEvents, retryParkedEvent, type ParkedEvent } from './parked-events.ts';
