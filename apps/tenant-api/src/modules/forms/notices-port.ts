import type { Knex } from 'knex';
import { port } from '../../core/port.ts';

/**
 * The notification centre's `notifyUsers` (notifications depends on documents, which depends on
 * this area's event names, so forms cannot import it), plugged in by modules/index.ts: the notice
 * a web form's notification settings and automations send to staff.
 */
export const formNotices = port<{
  notifyUsers(
    trx: Knex.Transaction,
    input: {
      centre_id: string;
      event_key: string;
      user_ids: readonly string[];
      kind: string;
      title: string;
      body: string;
      link?: string | null;
      student_id?: string | null;
      location_id?: string | null;
      instant?: boolean;
    },
  ): Promise<unknown>;
}>('forms → notifications');
