import type { Knex } from 'knex';

/** A support session's mode (issue 22): `read` sessions may not change anything but sign out; its ticket and mode in the system log. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sessions', (t) => {
    t.string('support_mode', 10); // read | write; null outside support sessions
  });
  // The system log shows each support entry's ticket and mode from its session's start row.
  await knex.raw(
    "create index audit_log_support_start_idx on audit_log (support_session_id) where action = 'support.session_started'",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists audit_log_support_start_idx');
  await knex.schema.alterTable('sessions', (t) => t.dropColumn('support_mode'));
}
