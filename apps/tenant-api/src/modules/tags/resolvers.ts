import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';
import type { LabelKind } from './repo.ts';
import { iso } from '../../core/result.ts';

type Args = Record<string, unknown>;

/** The six operations every label kind has; the root fields below name each one. */
function labelOperations<K extends LabelKind, P extends string>(kind: K, plural: P) {
  return {
    list: (_: unknown, args: Args, ctx: RequestContext) => service.listLabels(ctx, kind, args),
    add: async (_: unknown, args: Args, ctx: RequestContext) => {
      const { item, ...notice } = await service.addLabel(ctx, kind, args);
      return { ...notice, [kind]: item } as typeof notice & Record<K, typeof item>;
    },
    update: async (_: unknown, args: Args, ctx: RequestContext) => {
      const { item, ...notice } = await service.updateLabel(ctx, kind, args);
      return { ...notice, [kind]: item } as typeof notice & Record<K, typeof item>;
    },
    remove: (_: unknown, args: Args, ctx: RequestContext) => service.deleteLabel(ctx, kind, args),
    autoCreate: async (_: unknown, args: Args, ctx: RequestContext) => {
      const { items, ...notice } = await service.autoCreateLabels(ctx, kind, args);
      return { ...notice, [plural]: items } as typeof notice & Record<P, typeof items>;
    },
    assignToStudent: (_: unknown, args: Args, ctx: RequestContext) => service.assignLabelsToStudent(ctx, kind, args),
    assignToUser: (_: unknown, args: Args, ctx: RequestContext) => service.assignLabelsToUser(ctx, kind, args),
  };
}

const tag = labelOperations('tag', 'tags');
const allergy = labelOperations('allergy', 'allergies');
const medication = labelOperations('medication', 'medications');

const dates = {
  created_at: (r: { created_at: Date }) => iso(r.created_at),
  updated_at: (r: { updated_at: Date }) => iso(r.updated_at),
};

export const tagResolvers: Resolvers = {
  Query: {
    getTags: tag.list,
    getAllergies: allergy.list,
    getMedications: medication.list,
    getRelationships: (_: unknown, args: Args, ctx: RequestContext) => service.getRelationships(ctx, args),
  },
  Mutation: {
    addTag: tag.add,
    updateTag: tag.update,
    deleteTag: tag.remove,
    autoCreateTags: tag.autoCreate,
    assignTagToStudent: tag.assignToStudent,
    assignTagToUser: tag.assignToUser,
    addAllergy: allergy.add,
    updateAllergy: allergy.update,
    deleteAllergy: allergy.remove,
    autoCreateAllergies: allergy.autoCreate,
    assignAllergyToStudent: allergy.assignToStudent,
    assignAllergyToUser: allergy.assignToUser,
    addMedication: medication.add,
    updateMedication: medication.update,
    deleteMedication: medication.remove,
    autoCreateMedications: medication.autoCreate,
    assignMedicationToStudent: medication.assignToStudent,
    assignMedicationToUser: medication.assignToUser,
    bulkAddTags: (_: unknown, args: Args, ctx: RequestContext) => service.bulkTags(ctx, args, false),
    bulkDetachTags: (_: unknown, args: Args, ctx: RequestContext) => service.bulkTags(ctx, args, true),
    addRelationship: (_: unknown, args: Args, ctx: RequestContext) => service.addRelationship(ctx, args),
    updateRelationship: (_: unknown, args: Args, ctx: RequestContext) => service.updateRelationship(ctx, args),
    deleteRelationship: (_: unknown, args: Args, ctx: RequestContext) => service.deleteRelationship(ctx, args),
  },
  Tag: dates,
  Allergy: dates,
  Medication: dates,
  Relationship: dates,
};
