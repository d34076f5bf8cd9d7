import type { Knex } from 'knex';

/**
 * Operator console (issue 22): the centre's address fields are computed now (its slug, its active
 * custom domain, the deployment's port), so their unused columns go; custom domains are verified
 * by DNS before they answer; support sessions carry a ticket and a mode; the nightly statistics
 * fan-out stores its figures here; demo requests from the platform's guest page.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('centers', (t) => {
    for (const c of ['prefix_url', 'base_url', 'path', 'port']) t.dropColumn(c);
  });

  await knex.schema.alterTable('server_domains', (t) => {
    t.text('status_reason');
    // The value of the TXT record `_kv-verify.<domain>` that proves the centre controls the domain.
    t.string('verify_token', 64);
    t.timestamp('checked_at', { useTz: true });
    // DNS is checked until then (72 h after adding or rechecking), then the domain fails.
    t.timestamp('verify_until', { useTz: true });
  });
  // The DNS job's scan: domains still on their way to active.
  await knex.raw(
    "create index server_domains_verifying_idx on server_domains (checked_at nulls first) where status in ('pending', 'verified', 'issuing')",
  );

  await knex.schema.alterTable('support_sessions', (t) => {
    t.string('ticket_id', 60);
    t.string('mode', 10).notNullable().defaultTo('read'); // read | write
    t.string('write_reason', 500);
    t.integer('minutes');
  });
  await knex.raw('create index support_sessions_center_idx on support_sessions (center_id, created_at desc)');

  // One row per centre, replaced by each run of the read-only fan-out (`collect-center-statistics`).
  await knex.schema.createTable('center_statistics', (t) => {
    t.bigInteger('center_id').primary().references('centers.id').onDelete('CASCADE');
    t.integer('children').notNullable().defaultTo(0);
    t.integer('staff').notNullable().defaultTo(0);
    t.integer('families').notNullable().defaultTo(0);
    t.integer('locations').notNullable().defaultTo(0);
    t.integer('files').notNullable().defaultTo(0);
    t.bigInteger('storage_bytes').notNullable().defaultTo(0);
    t.bigInteger('database_bytes').notNullable().defaultTo(0);
    t.timestamp('last_activity_at', { useTz: true });
    t.text('error');
    t.timestamp('collected_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('demo_requests', (t) => {
    t.bigIncrements('id');
    t.string('name', 150).notNullable();
    t.string('email', 254).notNullable();
    t.string('phone', 30);
    t.string('center_name', 150).notNullable();
    t.string('kind', 20).notNullable().defaultTo('childcare'); // childcare | petcare
    t.integer('locations');
    t.text('message');
    t.string('status', 20).notNullable().defaultTo('new'); // new | contacted | converted | closed
    t.text('notes');
    t.string('ip', 64);
    t.timestamp('signup_link_sent_at', { useTz: true });
    t.string('changed_by', 100);
    t.timestamps(true, true);
  });
  await knex.raw('create index demo_requests_status_idx on demo_requests (status, created_at desc, id desc)');
  await knex.raw('create index demo_requests_list_idx on demo_requests (created_at desc, id desc)');
  // The guest throttle counts one address's requests of the last hour.
  await knex.raw('create index demo_requests_ip_idx on demo_requests (ip, created_at)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('demo_requests');
  await knex.schema.dropTableIfExists('center_statistics');
  await knex.raw('drop index if exists support_sessions_center_idx');
  await knex.schema.alterTable('support_sessions', (t) => {
    for (const c of ['ticket_id', 'mode', 'write_reason', 'minutes']) t.dropColumn(c);
  });
  await knex.raw('drop index if exists server_domains_verifying_idx');
  await knex.schema.alterTable('server_domains', (t) => {
    for (const c of ['status_reason', 'verify_token', 'checked_at', 'verify_until']) t.dropColumn(c);
  });
  await knex.schema.alterTable('centers', (t) => {
    t.string('prefix_url', 255);
    t.string('base_url', 255);
    t.string('path', 255);
    t.integer('port');
  });
}
