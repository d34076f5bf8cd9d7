import type { RequestContext } from '../../types.ts';
import * as service from './service.ts';
import { LABELS, type LabelKind } from './repo.ts';
import { iso } from '../../core/result.ts';

type Args = Record<string, unknown>;

const NAMES: Record<LabelKind, { type: string; plural: string; Plural: string }> = {
  tag: { type: 'Tag', plural: 'tags', Plural: 'Tags' },
  allergy: { type: 'Allergy', plural: 'allergies', Plural: 'Allergies' },
  medication: { type: 'Medication', plural: 'medications', Plural: 'Medications' },
};

const Query: Record<string, unknown> = {
  getRelationships: (_: unknown, args: Args, ctx: RequestContext) => service.getRelationships(ctx, args),
};
const Mutation: Record<string, unknown> = {
  bulkAddTags: (_: unknown, args: Args, ctx: RequestContext) => service.bulkTags(ctx, args, false),
  bulkDetachTags: (_: unknown, args: Args, ctx: RequestContext) => service.bulkTags(ctx, args, true),
  addRelationship: (_: unknown, args: Args, ctx: RequestContext) => service.addRelationship(ctx, args),
  updateRelationship: (_: unknown, args: Args, ctx: RequestContext) => service.updateRelationship(ctx, args),
  deleteRelationship: (_: unknown, args: Args, ctx: RequestContext) => service.deleteRelationship(ctx, args),
};
const types: Record<string, Record<string, unknown>> = {};

const dates = { created_at: (r: Args) => iso(r.created_at), updated_at: (r: Args) => iso(r.updated_at) };

for (const kind of Object.keys(LABELS) as LabelKind[]) {
  const { type, plural, Plural } = NAMES[kind];
  Query[`get${Plural}`] = (_: unknown, args: Args, ctx: RequestContext) => service.listLabels(ctx, kind, args);
  Mutation[`add${type}`] = async (_: unknown, args: Args, ctx: RequestContext) => {
    const { item, ...n } = await service.addLabel(ctx, kind, args);
    return { ...n, [kind]: item };
  };
  Mutation[`update${type}`] = async (_: unknown, args: Args, ctx: RequestContext) => {
    const { item, ...n } = await service.updateLabel(ctx, kind, args);
    return { ...n, [kind]: item };
  };
  Mutation[`delete${type}`] = (_: unknown, args: Args, ctx: RequestContext) => service.deleteLabel(ctx, kind, args);
  Mutation[`autoCreate${Plural}`] = async (_: unknown, args: Args, ctx: RequestContext) => {
    const { items, ...n } = await service.autoCreateLabels(ctx, kind, args);
    return { ...n, [plural]: items };
  };
  Mutation[`assign${type}ToStudent`] = (_: unknown, args: Args, ctx: RequestContext) => service.assignLabelsToStudent(ctx, kind, args);
  Mutation[`assign${type}ToUser`] = (_: unknown, args: Args, ctx: RequestContext) => service.assignLabelsToUser(ctx, kind, args);
  types[type] = dates;
}

export const tagResolvers = { Query, Mutation, ...types, Relationship: dates };
