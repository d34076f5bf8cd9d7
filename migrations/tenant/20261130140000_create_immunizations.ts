import type { Knex } from 'knex';

/**
 * Children's immunizations (issue 20). The schedules are the platform's (the control-plane
 * channel's `immunizations` catalogue); a centre keeps a copy of each version it has read
 * (`immunization_schedule_versions`: versions are frozen, so the copy never goes stale) and one
 * row per vaccine code it has seen (`immunization_vaccines`: the compliance gaps' source id).
 * - `student_immunizations`: a child's dose dates per vaccine code, or an exemption backed by an
 *   uploaded `document` file;
 * - `immunization_evaluations`: what a child's doses said on a day under a schedule version,
 *   stored once and never rewritten (a trigger refuses updates);
 * - `compliance_exports`: a child's compliance bundle (ZIP) built by a job, with its progress.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('immunization_schedule_versions', (t) => {
    t.integer('version').primary();
    t.date('effective_from').notNullable();
    t.string('source_url', 500);
    t.text('note');
    t.jsonb('immunizations').notNullable();
    t.timestamp('fetched_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index immunization_schedule_versions_from_idx on immunization_schedule_versions (effective_from desc)');

  await knex.schema.createTable('immunization_vaccines', (t) => {
    t.bigIncrements('id');
    t.string('code', 40).notNullable().unique();
    t.string('name', 150).notNullable();
  });

  await knex.schema.createTable('student_immunizations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.string('code', 40).notNullable();
    /** Dose dates in order, oldest first (at most six). */
    t.specificType('doses', 'date[]').notNullable().defaultTo('{}');
    t.boolean('exempt').notNullable().defaultTo(false);
    /** medical | religious | personal */
    t.string('exemption_reason', 20);
    t.uuid('exemption_file_id').references('files.id');
    t.text('note');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.unique(['student_id', 'code']);
    t.check(
      "exemption_reason is null or exemption_reason in ('medical', 'religious', 'personal')",
      [],
      'student_immunizations_reason_check',
    );
    t.check('not exempt or exemption_file_id is not null', [], 'student_immunizations_exemption_document');
  });

  await knex.schema.createTable('immunization_evaluations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.date('evaluated_on').notNullable();
    t.integer('schedule_version').notNullable().references('immunization_schedule_versions.version');
    /** SHA-256 of what was evaluated (birth date, doses, exemptions): a change the same day is a new row. */
    t.string('input_hash', 64).notNullable();
    t.jsonb('result').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['student_id', 'evaluated_on', 'schedule_version', 'input_hash']);
  });
  await knex.raw('create index immunization_evaluations_student_idx on immunization_evaluations (student_id, evaluated_on desc, id desc)');
  await knex.raw(`
    create function immunization_evaluations_frozen() returns trigger language plpgsql as $$
    begin
      raise exception 'immunization evaluations are never rewritten';
    end $$`);
  await knex.raw(
    'create trigger immunization_evaluations_no_update before update on immunization_evaluations for each row execute function immunization_evaluations_frozen()',
  );

  await knex.schema.createTable('compliance_exports', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('requested_by').references('users.id').onDelete('SET NULL');
    /** queued | running | done | failed */
    t.string('status', 10).notNullable().defaultTo('queued');
    t.integer('progress').notNullable().defaultTo(0);
    /** The ZIP's object id (centre/<centre>/files/<uuid>/main). */
    t.uuid('object_id');
    t.bigInteger('size');
    t.integer('entries');
    t.string('failure', 300);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('finished_at', { useTz: true });
    t.check("status in ('queued', 'running', 'done', 'failed')", [], 'compliance_exports_status_check');
  });
  await knex.raw('create index compliance_exports_student_idx on compliance_exports (student_id, id desc)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('compliance_exports');
  await knex.schema.dropTableIfExists('immunization_evaluations');
  await knex.raw('drop function if exists immunization_evaluations_frozen()');
  await knex.schema.dropTableIfExists('student_immunizations');
  await knex.schema.dropTableIfExists('immunization_vaccines');
  await knex.schema.dropTableIfExists('immunization_schedule_versions');
}
