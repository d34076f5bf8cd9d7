import type { EventHandler } from '@kv/jobs';
import { FORM_SHARED, SUBMISSION_STATUS_CHANGED } from '../forms/index.ts';
import { syncGaps } from './service/gaps.ts';

const ids = (v: unknown): string[] => [v ?? []].flat().map(String).filter((x) => /^\d+$/.test(x));

/**
 * Form gaps follow the forms area's events: a share opens gaps for the children it reached, a
 * review (approved, rejected, change requested) or a submission opens or closes the child's.
 */
export const formGapsHandler: EventHandler = {
  key: 'documents.form_gaps',
  async handle(trx, event) {
    const students = event.name === FORM_SHARED ? ids(event.payload.students) : ids(event.payload.student);
    if (students.length) await syncGaps(trx, event.payload.centreId, { students });
  },
};

/** The documents area's handlers of other areas' events (registerTenantEvents, worker.ts). */
export function registerDocumentEvents(onEvent: (name: string, handler: EventHandler) => void): void {
  onEvent(FORM_SHARED, formGapsHandler);
  onEvent(SUBMISSION_STATUS_CHANGED, formGapsHandler);
}
