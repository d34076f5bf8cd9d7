import type { Knex } from 'knex';

/**
 * Restarts of the API processes (issue 22, `restartServer`): one row per restart, written by the
 * process that runs it (a `node:cluster` primary, or whichever ECS task asked ECS for the new
 * deployment) when it starts, as it progresses and when it ends, so the history survives the
 * processes it restarted. At most one restart of a group runs at a time: the partial unique index
 * refuses a second `running` row whichever process tries.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('api_group_restarts', (t) => {
    t.bigIncrements('id');
    t.string('group', 60).notNullable();
    t.string('mode', 20).notNullable(); // cluster | ecs
    t.string('status', 20).notNullable().defaultTo('running'); // running | done | failed
    t.string('started_by', 200).notNullable();
    t.timestamp('started_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    // Workers (cluster) or tasks (ECS) replaced so far, out of `total`.
    t.integer('replaced').notNullable().defaultTo(0);
    t.integer('total').notNullable();
    t.string('error', 1000);
    // The ECS deployment the restart started (`ecs-svc/…`); null in cluster mode.
    t.string('deployment', 200);
  });
  await knex.raw("alter table api_group_restarts add constraint api_group_restarts_mode_check check (mode in ('cluster', 'ecs'))");
  await knex.raw(
    "alter table api_group_restarts add constraint api_group_restarts_status_check check (status in ('running', 'done', 'failed'))",
  );
  await knex.raw(
    "alter table api_group_restarts add constraint api_group_restarts_finished_check check ((status = 'running') = (finished_at is null))",
  );
  await knex.raw(`create unique index api_group_restarts_running_idx on api_group_restarts ("group") where status = 'running'`);
  // The latest restart of a group and its history, newest first.
  await knex.raw(`create index api_group_restarts_group_idx on api_group_restarts ("group", started_at desc, id desc)`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('api_group_restarts');
}
