import type { Knex } from 'knex';

/**
 * Schedules (issue 21, spec §3 Schedule): the one source of who is expected when.
 *
 * - `student_schedules`: a child's schedule over a date range (open-ended when `end_date` is
 *   null): weekdays, arrival and leaving times, type and room. Ranges of one child never overlap
 *   (a `btree_gist` exclusion constraint; the API turns its violation into a typed error).
 * - `student_schedule_dates`: extra expected days of a schedule (`addScheduleDate`).
 * - `student_schedule_changes`: the change log behind `filterUpdatedSchedules`.
 * - Vacations stay on `attendance_absences` (the only absence record): one row per expected day,
 *   sharing `vacation_id`, each carrying the vacation's range so a schedule change can re-derive
 *   its future days.
 * - `students.week_schedule` is retired: each child gets one open-ended schedule with the same
 *   weekdays (none → Monday to Friday, what an empty list meant), from the day the row was made.
 * - Staff schedules: `staff_schedules` (repeat, note), `staff_ptos` (approved by a manager) and
 *   `staff_absences`.
 */
/**
 * The backfill: one open-ended schedule per child with the weekdays of `week_schedule` (none →
 * Monday to Friday, what an empty list meant; unknown words dropped), from the day before the row
 * was made. Exported for the test that checks it keeps every expected day.
 */
export const BACKFILL_SQL = `
  insert into student_schedules (student_id, location_id, program_id, start_date, type, days)
  select s.id, s.location_id, s.program_id, (s.created_at at time zone 'UTC')::date - 1,
         case when cardinality(s.week_schedule) between 1 and 4 then 'part_time' else 'full_time' end,
         case when cardinality(s.week_schedule) = 0 then array['mon', 'tue', 'wed', 'thu', 'fri']
              else array(select d from unnest(s.week_schedule) d
                          where d in ('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun')) end
    from students s
   where not exists (select 1 from student_schedules x where x.student_id = s.id)`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw('create extension if not exists btree_gist');

  await knex.schema.createTable('student_schedules', (t) => {
    t.bigIncrements('id');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('program_id').references('programs.id').onDelete('SET NULL');
    t.date('start_date').notNullable();
    t.date('end_date');
    t.string('start_time', 5);
    t.string('end_time', 5);
    t.string('type', 20).notNullable().defaultTo('full_time');
    t.specificType('days', 'text[]').notNullable().defaultTo('{}');
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw(`alter table student_schedules
    add constraint student_schedules_range_chk check (end_date is null or end_date >= start_date),
    add constraint student_schedules_type_chk check (type in ('full_time', 'part_time', 'drop_in')),
    add constraint student_schedules_no_overlap exclude using gist (student_id with =, daterange(start_date, end_date, '[]') with &&)`);
  await knex.raw('create index student_schedules_location_idx on student_schedules (location_id, program_id, start_date)');
  await knex.raw('create index student_schedules_student_idx on student_schedules (student_id, start_date)');

  await knex.schema.createTable('student_schedule_dates', (t) => {
    t.bigIncrements('id');
    t.bigInteger('schedule_id').notNullable().references('student_schedules.id').onDelete('CASCADE');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.string('start_time', 5);
    t.string('end_time', 5);
    t.timestamps(true, true);
    t.unique(['student_id', 'date']);
  });
  await knex.raw('create index student_schedule_dates_schedule_idx on student_schedule_dates (schedule_id)');

  await knex.schema.createTable('student_schedule_changes', (t) => {
    t.bigIncrements('id');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('student_id').notNullable().references('students.id').onDelete('CASCADE');
    t.bigInteger('schedule_id');
    t.string('action', 30).notNullable();
    t.jsonb('data').notNullable().defaultTo('{}');
    t.bigInteger('changed_by').references('users.id').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
  await knex.raw('create index student_schedule_changes_location_idx on student_schedule_changes (location_id, created_at desc)');

  await knex.schema.alterTable('attendance_absences', (t) => {
    t.uuid('vacation_id');
    t.date('vacation_start');
    t.date('vacation_end');
  });
  await knex.raw('create index attendance_absences_vacation_idx on attendance_absences (vacation_id) where vacation_id is not null');
  await knex.raw(`alter table attendance_absences add constraint attendance_absences_vacation_chk
    check ((vacation_id is null) = (vacation_start is null) and (vacation_id is null) = (vacation_end is null))`);

  await knex.raw(BACKFILL_SQL);
  await knex.schema.alterTable('students', (t) => t.dropColumn('week_schedule'));

  await knex.schema.createTable('staff_schedules', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.bigInteger('program_id').references('programs.id').onDelete('SET NULL');
    t.date('start_date').notNullable();
    t.date('end_date');
    t.string('start_time', 5).notNullable();
    t.string('end_time', 5).notNullable();
    t.specificType('days', 'text[]').notNullable().defaultTo('{}');
    t.string('repeat', 12).notNullable().defaultTo('weekly');
    t.string('note', 500);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw(`alter table staff_schedules
    add constraint staff_schedules_range_chk check (end_date is null or end_date >= start_date),
    add constraint staff_schedules_repeat_chk check (repeat in ('none', 'weekly', 'biweekly'))`);
  await knex.raw('create index staff_schedules_location_idx on staff_schedules (location_id, start_date)');
  await knex.raw('create index staff_schedules_user_idx on staff_schedules (user_id, start_date)');

  await knex.schema.createTable('staff_ptos', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.date('start_date').notNullable();
    t.date('end_date').notNullable();
    /** Hours taken, in minutes (integers, never floats). */
    t.integer('minutes').notNullable();
    t.string('type', 20).notNullable();
    t.string('note', 500);
    t.bigInteger('approved_by').references('users.id').onDelete('SET NULL');
    t.timestamp('approved_at', { useTz: true });
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
  });
  await knex.raw(`alter table staff_ptos
    add constraint staff_ptos_range_chk check (end_date >= start_date),
    add constraint staff_ptos_type_chk check (type in ('vacation', 'sick', 'personal', 'other'))`);
  await knex.raw('create index staff_ptos_location_idx on staff_ptos (location_id, start_date)');
  await knex.raw('create index staff_ptos_user_idx on staff_ptos (user_id, start_date)');

  await knex.schema.createTable('staff_absences', (t) => {
    t.bigIncrements('id');
    t.bigInteger('user_id').notNullable().references('users.id').onDelete('CASCADE');
    t.bigInteger('location_id').notNullable().references('locations.id').onDelete('CASCADE');
    t.date('date').notNullable();
    t.string('reason', 60);
    t.string('note', 500);
    t.bigInteger('created_by').references('users.id').onDelete('SET NULL');
    t.timestamps(true, true);
    t.unique(['user_id', 'date']);
  });
  await knex.raw('create index staff_absences_location_idx on staff_absences (location_id, date)');
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('students', (t) => t.specificType('week_schedule', 'text[]').notNullable().defaultTo('{}'));
  await knex.raw(`
    update students s set week_schedule = x.days
      from student_schedules x
     where x.student_id = s.id and x.start_date <= current_date and (x.end_date is null or x.end_date >= current_date)`);
  for (const t of [
    'staff_absences',
    'staff_ptos',
    'staff_schedules',
    'student_schedule_changes',
    'student_schedule_dates',
    'student_schedules',
  ])
    await knex.schema.dropTableIfExists(t);
  await knex.raw('alter table attendance_absences drop constraint if exists attendance_absences_vacation_chk');
  await knex.schema.alterTable('attendance_absences', (t) => {
    t.dropColumn('vacation_id');
    t.dropColumn('vacation_start');
    t.dropColumn('vacation_end');
  });
}
