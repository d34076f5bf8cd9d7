import type { Knex } from 'knex';

/**
 * Per-centre backups (issue 22): our own logical dumps in the file store, restore drills, restores
 * in place, and the safeguarded delete (grace period, purge record).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('center_backups', (t) => {
    t.bigIncrements('id');
    t.bigInteger('center_id').notNullable().references('centers.id');
    t.string('kind', 20).notNullable(); // manual | nightly | pre_restore
    t.string('status', 20).notNullable().defaultTo('queued'); // queued | running | done | failed | pruned
    t.string('database_name', 63);
    t.string('storage_prefix', 200); // centre/<id>/backups/<uuid>/
    t.string('schema_version', 120);
    t.integer('table_count');
    t.bigInteger('row_count');
    t.bigInteger('size_bytes');
    t.string('checksum', 64); // SHA-256 of the manifest's table list
    t.jsonb('manifest');
    t.text('error');
    t.string('requested_by', 200);
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index center_backups_centre_idx on center_backups (center_id, created_at desc, id desc)');
  await knex.raw(`create index center_backups_open_idx on center_backups (status) where status in ('queued', 'running')`);

  await knex.schema.createTable('center_backup_drills', (t) => {
    t.bigIncrements('id');
    t.bigInteger('center_id').notNullable().references('centers.id');
    t.bigInteger('backup_id').references('center_backups.id');
    t.string('status', 20).notNullable().defaultTo('queued'); // queued | running | passed | failed
    t.string('database_name', 63);
    t.integer('tables_checked');
    t.bigInteger('rows_checked');
    t.jsonb('mismatches').notNullable().defaultTo('[]');
    t.integer('duration_ms');
    t.text('error');
    t.string('requested_by', 200);
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index center_backup_drills_centre_idx on center_backup_drills (center_id, created_at desc, id desc)');
  await knex.raw(`create index center_backup_drills_passed_idx on center_backup_drills (center_id, finished_at desc) where status = 'passed'`);

  await knex.schema.createTable('center_restores', (t) => {
    t.bigIncrements('id');
    t.bigInteger('center_id').notNullable().references('centers.id');
    t.bigInteger('backup_id').notNullable().references('center_backups.id');
    t.bigInteger('pre_backup_id').references('center_backups.id');
    t.string('status', 20).notNullable().defaultTo('queued'); // queued | running | done | failed
    t.string('step', 40);
    t.string('from_database', 63);
    t.string('to_database', 63);
    t.timestamp('drop_old_after', { useTz: true });
    t.timestamp('old_dropped_at', { useTz: true });
    t.text('error');
    t.string('requested_by', 200);
    t.timestamp('started_at', { useTz: true });
    t.timestamp('finished_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index center_restores_centre_idx on center_restores (center_id, created_at desc, id desc)');
  await knex.raw(`create index center_restores_drop_idx on center_restores (drop_old_after) where status = 'done' and old_dropped_at is null`);

  // One record per purged centre: what was removed, when, by whose request.
  await knex.schema.createTable('center_deletions', (t) => {
    t.bigIncrements('id');
    t.bigInteger('center_id').notNullable().unique();
    t.string('slug', 63).notNullable();
    t.string('name', 150).notNullable();
    t.string('database_name', 63);
    t.bigInteger('database_server_id');
    t.string('requested_by', 200);
    t.timestamp('requested_at', { useTz: true });
    t.integer('objects_removed').notNullable().defaultTo(0);
    t.integer('backups_removed').notNullable().defaultTo(0);
    t.timestamp('purged_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.alterTable('centers', (t) => {
    // The centre's host answers 503 while a restore swaps its database.
    t.boolean('maintenance').notNullable().defaultTo(false);
    // Safeguarded delete: when the purge may run, who asked, the domains it disabled (undo re-enables them).
    t.timestamp('purge_after', { useTz: true });
    t.timestamp('purged_at', { useTz: true });
    t.string('delete_requested_by', 200);
    t.specificType('deleted_domain_ids', 'bigint[]');
  });
  await knex.raw(`create index centers_purge_idx on centers (purge_after) where status = 'deleted' and purged_at is null`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('centers', (t) => {
    t.dropColumns('maintenance', 'purge_after', 'purged_at', 'delete_requested_by', 'deleted_domain_ids');
  });
  for (const t of ['center_deletions', 'center_restores', 'center_backup_drills', 'center_backups']) await knex.schema.dropTableIfExists(t);
}
