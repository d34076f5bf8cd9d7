import type { Knex } from 'knex';

/** The owner a provisioning job invites (kept so a retry can finish), offboarding time, run scope. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('centers', (t) => {
    t.string('owner_fname', 100);
    t.string('owner_lname', 100);
    t.string('owner_username', 100);
    t.integer('provisioning_attempts').notNullable().defaultTo(0);
    t.timestamp('deleted_at', { useTz: true });
  });
  await knex.schema.alterTable('migration_runs', (t) => {
    t.bigInteger('center_id').references('centers.id').onDelete('SET NULL');
    t.text('error'); // e.g. the tenant template of a server failed to migrate
  });
  await knex.raw('create index audit_log_entity_idx on audit_log (entity, entity_id, created_at desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists audit_log_entity_idx');
  await knex.schema.alterTable('migration_runs', (t) => {
    t.dropColumn('center_id');
    t.dropColumn('error');
  });
  await knex.schema.alterTable('centers', (t) => {
    for (const c of ['owner_fname', 'owner_lname', 'owner_username', 'provisioning_attempts', 'deleted_at']) t.dropColumn(c);
  });
}
