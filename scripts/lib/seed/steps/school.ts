import type { SeedStep } from '../context.ts';

/** The school profile (the centre's name; the logo arrives with the photos step). */
export const schoolStep: SeedStep = {
  name: 'school',
  async run({ trx, def }) {
    await trx.raw(
      `insert into settings (key, value, object_id) values ('school_profile', ?::jsonb, null)
       on conflict (key, coalesce(object_id, 0)) do update set value = excluded.value, updated_at = now()`,
      [JSON.stringify({ school_name: def.name, school_logo: null })],
    );
    return `school profile "${def.name}"`;
  },
};
