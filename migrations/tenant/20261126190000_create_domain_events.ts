import type { Knex } from 'knex';

/**
 * Domain events: written in the transaction of the change they describe (`emit`), delivered after
 * commit to every handler registered for their name, each delivery recorded once (see
 * packages/jobs/src/event-dispatcher.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('domain_events', (t) => {
    t.bigIncrements('id');
    t.string('name', 80).notNullable();
    // The centre id and the ids of what changed; handlers read the current data themselves.
    t.jsonb('payload').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    // Every handler delivered it or parked it.
    t.timestamp('done_at', { useTz: true });
  });
  await knex.raw('create index domain_events_pending_idx on domain_events (id) where done_at is null');
  await knex.raw('create index domain_events_done_idx on domain_events (done_at) where done_at is not null');

  await knex.schema.createTable('domain_event_deliveries', (t) => {
    t.bigInteger('event_id').notNullable().references('domain_events.id').onDelete('CASCADE');
    t.string('handler', 120).notNullable();
    t.string('status', 10).notNullable(); // done | failed (retried at next_at) | parked (given up: an operator looks)
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.timestamp('next_at', { useTz: true });
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['event_id', 'handler']);
  });
  await knex.raw(
    "alter table domain_event_deliveries add constraint domain_event_deliveries_status_check check (status in ('done', 'failed', 'parked'))",
  );
  await knex.raw("create index domain_event_deliveries_parked_idx on domain_event_deliveries (updated_at desc) where status = 'parked'");
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('domain_event_deliveries');
  await knex.schema.dropTableIfExists('domain_events');
}
