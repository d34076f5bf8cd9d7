import { insertMany, type SeedStep } from '../context.ts';

/**
 * The health questionnaire of every location; locations without the README's families also screen
 * at check-in (the demo journeys check the named children in without a questionnaire).
 */
export const healthStep: SeedStep = {
  name: 'health',
  async run({ trx, def, vocabulary, locations, ownerId }) {
    const owner = await ownerId();
    const locs = await locations();
    const named = new Set(def.families.flatMap((f) => f.children.map((c) => c.location)));
    await insertMany(
      trx,
      'health_questions',
      locs.flatMap((l) => vocabulary.healthQuestions.map((q, position) => ({ location_id: l.id, ...q, position, created_by: owner }))),
    );
    const screening = locs.filter((l) => !named.has(l.name));
    if (screening.length)
      await trx('attendance_settings')
        .whereIn(
          'location_id',
          screening.map((l) => l.id),
        )
        .update({ health_screen: true, updated_at: trx.fn.now() });
    return `${vocabulary.healthQuestions.length} questions at ${locs.length} locations, screening at ${screening.map((l) => l.name).join(', ') || 'none'}`;
  },
};
