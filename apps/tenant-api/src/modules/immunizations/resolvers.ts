import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import type { DoseRule } from '@kv/shared';
import { iso } from '../../core/result.ts';
import * as imm from './service/immunizations.ts';
import * as exports from './service/export.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

const doseLabel = (n: number) => (r: Row) => (r.doses as DoseRule[])[n - 1]?.label ?? null;

export const immunizationResolvers: Resolvers = {
  Query: {
    getImmunizations: (_: unknown, args: Args, ctx: RequestContext) => imm.getImmunizations(ctx, args),
    getImmunizationSchedules: (_: unknown, _args: Args, ctx: RequestContext) => imm.getImmunizationSchedules(ctx),
    getStudentImmunizations: (_: unknown, args: Args, ctx: RequestContext) => imm.getStudentImmunizations(ctx, args),
    getComplianceExport: (_: unknown, args: Args, ctx: RequestContext) => exports.getComplianceExport(ctx, args),
  },
  Mutation: {
    saveStudentImmunization: (_: unknown, args: Args, ctx: RequestContext) => imm.saveStudentImmunization(ctx, args),
    exportStudentCompliance: (_: unknown, args: Args, ctx: RequestContext) => exports.exportStudentCompliance(ctx, args),
  },
  Immunization: {
    dose_1: doseLabel(1),
    dose_2: doseLabel(2),
    dose_3: doseLabel(3),
    dose_4: doseLabel(4),
    dose_5: doseLabel(5),
    dose_6: doseLabel(6),
    doses: (r: Row) => (r.doses as DoseRule[]).map((d, i) => ({ number: i + 1, ...d })),
  },
  ImmunizationEvaluationSummary: {
    created_at: (r: Row) => iso(r.created_at)!,
  },
  ComplianceExport: {
    created_at: (r: Row) => iso(r.created_at)!,
    finished_at: (r: Row) => iso(r.finished_at),
  },
} as Resolvers;
