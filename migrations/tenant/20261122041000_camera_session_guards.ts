import type { Knex } from 'knex';

/**
 * Live cameras (issue 7): a watch session remembers when the viewer was last active (pointer,
 * keyboard, touch, visible page; `user_time_out` stops an idle viewer) and which playback token
 * MediaMTX's HTTP callback has already let in (a copied playlist URL opens no second session).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('camera_watch_sessions', (t) => {
    t.timestamp('last_activity_at', { useTz: true });
    /** The token id MediaMTX opened `media_session_id` with: the same id in another MediaMTX session is refused. */
    t.string('media_jti', 32);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('camera_watch_sessions', (t) => {
    t.dropColumn('media_jti');
    t.dropColumn('last_activity_at');
  });
}
