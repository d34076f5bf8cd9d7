import { performance } from 'node:perf_hooks';
import { Faker, base, en } from '@faker-js/faker';
import type { Knex } from 'knex';
import { forCentre, type FileStore } from '@kv/files';
import type { SeedContext, SeededChild, SeededLocation, SeededPerson, SeededRoom, SeedStep } from './context.ts';
import { NO_GENERATION, type CentreDefinition, type SeedSize } from './definition.ts';
import { SEED_STEPS } from './steps/index.ts';
import { vocabularyOf } from './vocabulary.ts';

export type { CentreDefinition, SeedSize } from './definition.ts';

/** The settings row that records which steps a centre database has had. */
export const SEED_MARKER = 'demo_seed';

export interface SeedOptions {
  passwordHash: string;
  /** How much to generate; default: the definition's `generate`, else the named part only. */
  size?: SeedSize;
  /** Run only these steps (benchmarks); default every step. */
  steps?: readonly string[];
  /** "Now" of the run (tests); default the clock. */
  now?: Date;
  /** The centre's id in the control plane and its web origin (links in seeded mail). */
  centre?: { id: string | null; origin: string };
  /** Where the seeded photos are stored (the platform's store; needs `centre.id`). */
  files?: FileStore;
  /** One line per step: name, what it wrote, milliseconds. */
  log?: (line: string) => void;
}

/** FNV-1a of a string: the faker seed of one centre's step. */
function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

function readers(trx: Knex.Transaction): Pick<SeedContext, 'locations' | 'rooms' | 'staff' | 'children' | 'ownerId'> {
  return {
    locations: async () =>
      (await trx('locations').whereNull('deleted_at').orderBy('id').select('id', 'name', 'timezone')).map((r): SeededLocation => ({
        id: String(r.id),
        name: r.name,
        timezone: r.timezone,
      })),
    rooms: async () =>
      (
        await trx('programs as p')
          .join('locations as l', 'l.id', 'p.location_id')
          .whereNull('p.deleted_at')
          .orderBy('p.id')
          .select('p.id', 'p.name', 'p.location_id', 'l.name as location')
      ).map((r): SeededRoom => ({ id: String(r.id), name: r.name, location_id: String(r.location_id), key: `${r.location}/${r.name}` })),
    staff: async () =>
      (
        await trx('users as u')
          .join('user_roles as ur', 'ur.user_id', 'u.id')
          .join('roles as r', 'r.id', 'ur.role_id')
          .whereIn('r.name', ['teacher', 'manager', 'center'])
          .whereNull('u.deleted_at')
          .where('u.status', true)
          .orderBy('u.id')
          .select('u.id', 'u.username', 'u.fname', 'u.lname', 'r.name as role')
      ).map((r): SeededPerson => ({ id: String(r.id), username: r.username, fname: r.fname, lname: r.lname, role: r.role })),
    children: async () =>
      (
        await trx('students')
          .orderBy('id')
          .select(
            'id',
            'fname',
            'lname',
            'location_id',
            'program_id',
            'type',
            'status',
            'deleted_at',
            trx.raw(
              `(select x.days from student_schedules x where x.student_id = students.id order by x.start_date limit 1) as week_schedule`,
            ),
          )
      ).map((r): SeededChild => ({
        id: String(r.id),
        fname: r.fname,
        lname: r.lname,
        location_id: String(r.location_id),
        program_id: r.program_id ? String(r.program_id) : null,
        type: r.type,
        status: r.status,
        week_schedule: r.week_schedule ?? ['mon', 'tue', 'wed', 'thu', 'fri'],
        archived: r.deleted_at !== null,
      })),
    ownerId: async () =>
      String(
        (
          await trx('users as u')
            .join('user_roles as ur', 'ur.user_id', 'u.id')
            .join('roles as r', 'r.id', 'ur.role_id')
            .where('r.name', 'center')
            .orderBy('u.id')
            .first('u.id')
        ).id,
      ),
  };
}

/**
 * Seeds one centre database with its demo content: the ordered steps of `steps/index.ts`, each in
 * its own transaction with its own seeded faker, each recorded in the seed marker so a later run
 * adds only steps the centre has not had (an area's new step reaches existing demo data). Same
 * definition, same data: names and ids never change; dates follow the run's "today".
 * Returns the names of the steps it ran.
 */
export async function seedCentre(db: Knex, def: CentreDefinition, opts: SeedOptions): Promise<string[]> {
  const size = opts.size ?? def.generate ?? NO_GENERATION;
  const wanted = opts.steps ? SEED_STEPS.filter((s) => opts.steps!.includes(s.name)) : SEED_STEPS;
  const ran: string[] = [];
  const centre = opts.centre ?? { id: null, origin: `http://${def.slug}.localhost` };
  const files = opts.files && centre.id ? forCentre(opts.files, centre.id) : null;
  for (const step of wanted) {
    const t0 = performance.now();
    const summary = await db.transaction(async (trx) => {
      // One seeding per centre at a time (two processes starting at once wait here).
      await trx.raw('select pg_advisory_xact_lock(?)', [seedOf(`seed:${def.slug}`)]);
      const marker = await trx('settings').where({ key: SEED_MARKER }).whereNull('object_id').first('id', 'value');
      // A marker without steps is the one-shot seed's before steps existed: it had everything then.
      const done: string[] = marker?.value?.steps ?? (marker ? SEED_STEPS.map((s) => s.name) : []);
      if (done.includes(step.name)) return null;
      const faker = new Faker({ locale: [en, base] });
      faker.seed(seedOf(`${def.slug}:${step.name}`));
      const ctx: SeedContext = {
        trx,
        def,
        size,
        vocabulary: vocabularyOf(def),
        faker,
        passwordHash: opts.passwordHash,
        now: opts.now ?? new Date(),
        centre,
        files,
        ...readers(trx),
      };
      const summary = await runStep(step, ctx);
      const value = JSON.stringify({ steps: [...done, step.name], seeded_at: new Date().toISOString() });
      if (marker) await trx('settings').where({ id: marker.id }).update({ value, updated_at: trx.fn.now() });
      else await trx('settings').insert({ key: SEED_MARKER, value });
      return summary;
    });
    if (summary === null) continue;
    ran.push(step.name);
    opts.log?.(`  ${def.slug}: ${step.name.padEnd(12)} ${summary} (${Math.round(performance.now() - t0)} ms)`);
  }
  return ran;
}

async function runStep(step: SeedStep, ctx: SeedContext): Promise<string> {
  try {
    return await step.run(ctx);
  } catch (err) {
    throw new Error(`Seed step "${step.name}" of ${ctx.def.slug} failed: ${(err as Error).message}`, { cause: err });
  }
}
