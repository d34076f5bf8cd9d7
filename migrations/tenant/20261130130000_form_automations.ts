import type { Knex } from 'knex';

/**
 * Web-form notification and automation settings (issue 20). A form's notification settings name
 * the addresses and staff told of each new or resubmitted entry; its automations are rules
 * (conditions on field values, all or any) that mail the submitter, notify users or tag the
 * child. Every message, notice and tag is one `form_deliveries` row with a unique key: a retried
 * handler finds its row and does nothing twice (an automation runs once per entry). The rows are
 * the notification and automation logs.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('form_notification_settings', (t) => {
    t.bigInteger('form_id').primary().references('forms.id').onDelete('CASCADE');
    t.boolean('enabled').notNullable().defaultTo(true);
    /** Extra addresses mailed for each entry. */
    t.jsonb('emails').notNullable().defaultTo('[]');
    /** Staff notified (in-app and by their channels). */
    t.jsonb('user_ids').notNullable().defaultTo('[]');
    /** Which entry states notify: submitted, resubmitted. */
    t.jsonb('statuses').notNullable().defaultTo('["submitted","resubmitted"]');
    t.bigInteger('updated_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });

  await knex.schema.createTable('form_automations', (t) => {
    t.bigIncrements('id');
    t.bigInteger('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.string('name', 150).notNullable();
    t.boolean('enabled').notNullable().defaultTo(true);
    /** all: every condition matches; any: one does. */
    t.string('match', 3).notNullable().defaultTo('all');
    /** [{ field_id, value }] */
    t.jsonb('conditions').notNullable().defaultTo('[]');
    t.string('action', 20).notNullable();
    t.jsonb('user_ids').notNullable().defaultTo('[]');
    t.bigInteger('tag_id').references('tags.id').onDelete('SET NULL');
    t.string('subject', 200);
    t.text('message');
    t.integer('position').notNullable().defaultTo(0);
    t.timestamp('deleted_at', { useTz: true });
    t.timestamps(true, true);
    t.check("action in ('email_submitter', 'notify_users', 'tag_student')", [], 'form_automations_action_check');
    t.check("match in ('all', 'any')", [], 'form_automations_match_check');
  });
  await knex.raw('create index form_automations_form_idx on form_automations (form_id, position) where deleted_at is null');

  await knex.schema.createTable('form_deliveries', (t) => {
    t.bigIncrements('id');
    t.bigInteger('form_id').notNullable().references('forms.id').onDelete('CASCADE');
    t.bigInteger('submission_id').notNullable().references('form_submissions.id').onDelete('CASCADE');
    t.bigInteger('automation_id').references('form_automations.id').onDelete('SET NULL');
    /** notification or automation */
    t.string('kind', 12).notNullable();
    /** email, notice or tag */
    t.string('action', 20).notNullable();
    /** The address, the user id or the tag name. */
    t.string('recipient', 254);
    t.bigInteger('user_id').references('users.id').onDelete('SET NULL');
    /** sent or skipped (no usable address, tag already on the child). */
    t.string('status', 10).notNullable();
    t.string('detail', 300);
    /** Unique per message: n:<event>:<recipient> or a:<automation>:<submission>:<recipient>. */
    t.string('dedupe_key', 200).notNullable().unique();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.check("kind in ('notification', 'automation')", [], 'form_deliveries_kind_check');
  });
  await knex.raw('create index form_deliveries_form_idx on form_deliveries (form_id, kind, id desc)');
  await knex.raw('create index form_deliveries_submission_idx on form_deliveries (submission_id)');
}

export async function down(knex: Knex): Promise<void> {
  for (const t of ['form_deliveries', 'form_automations', 'form_notification_settings']) await knex.schema.dropTableIfExists(t);
}
