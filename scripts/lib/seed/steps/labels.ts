import { allocateIds, insertMany, type SeedStep } from '../context.ts';

/**
 * The centre's tags, allergies, medications and relationships, and who carries them: tags on
 * children (and a few staff), an allergy on about one child in five, a medication on one in ten.
 */
export const labelsStep: SeedStep = {
  name: 'labels',
  async run({ trx, size, faker, vocabulary, children, staff }) {
    const kids = (await children()).filter((c) => !c.archived);
    const ids = async (table: string, names: string[]) => {
      const list = await allocateIds(trx, table, names.length);
      await insertMany(
        trx,
        table,
        names.map((name, i) => ({ id: list[i], name })),
      );
      return list;
    };
    const tags = await ids('tags', vocabulary.tags);
    const allergies = await ids('allergies', vocabulary.allergies);
    const medications = await ids('medications', vocabulary.medications);
    await insertMany(
      trx,
      'relationships',
      vocabulary.relationships.map((r) => ({ ...r, is_default: r.is_default ?? false })),
    );
    const pick = (list: string[], n: number) => faker.helpers.arrayElements(list, Math.min(n, list.length));
    const studentTags = kids.flatMap((c, i) => {
      if (size.exactTags) return [0, 2].slice(0, size.tagsPerChild).map((k) => ({ student_id: c.id, tag_id: tags[(i + k) % tags.length] }));
      return pick(tags, faker.number.int({ max: size.tagsPerChild })).map((tag_id) => ({ student_id: c.id, tag_id }));
    });
    await insertMany(trx, 'student_tags', studentTags);
    if (size.exactTags) return `${tags.length} tags, ${studentTags.length} on children`;

    const studentAllergies = kids
      .filter(() => faker.datatype.boolean(0.2))
      .flatMap((c) => pick(allergies, faker.number.int({ min: 1, max: 2 })).map((allergy_id) => ({ student_id: c.id, allergy_id })));
    const studentMedications = kids
      .filter(() => faker.datatype.boolean(0.1))
      .map((c) => ({ student_id: c.id, medication_id: faker.helpers.arrayElement(medications) }));
    const team = (await staff()).filter((s) => s.role === 'teacher');
    const userTags = team
      .filter(() => faker.datatype.boolean(0.4))
      .map((s) => ({ user_id: s.id, tag_id: faker.helpers.arrayElement(tags) }));
    const userAllergies = team
      .filter(() => faker.datatype.boolean(0.15))
      .map((s) => ({ user_id: s.id, allergy_id: faker.helpers.arrayElement(allergies) }));
    await insertMany(trx, 'student_allergies', studentAllergies);
    await insertMany(trx, 'student_medications', studentMedications);
    await insertMany(trx, 'user_tags', userTags);
    await insertMany(trx, 'user_allergies', userAllergies);
    return (
      `${tags.length} tags, ${allergies.length} allergies, ${medications.length} medications, ${vocabulary.relationships.length} relationships; ` +
      `on children ${studentTags.length} tags, ${studentAllergies.length} allergies, ${studentMedications.length} medications`
    );
  },
};
