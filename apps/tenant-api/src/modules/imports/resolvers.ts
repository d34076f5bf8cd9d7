import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as stage from './service/stage.ts';
import * as apply from './service/apply.ts';
import * as exports from './service/export.ts';
import { FIELDS, REQUIRED, type ImportKind, type ImportSource } from './csv.ts';
import { iso } from '../../core/result.ts';

type Args = Record<string, unknown>;

const staged = (kind: ImportKind, source: ImportSource) => (_: unknown, args: Args, ctx: RequestContext) =>
  stage.stage(ctx, kind, source, args);

export const importResolvers: Resolvers = {
  Query: {
    getImport: (_: unknown, args: Args, ctx: RequestContext) => stage.getImport(ctx, args),
    getImports: (_: unknown, args: Args, ctx: RequestContext) => stage.getImports(ctx, args),
    downloadRoster: (_: unknown, args: Args, ctx: RequestContext) => exports.exportRoster(ctx, args),
    getBoardingData: (_: unknown, args: Args, ctx: RequestContext) => exports.getBoardingData(ctx, args),
  },
  Mutation: {
    uploadStudentsCsv: staged('students', 'csv'),
    procareImport: staged('students', 'procare'),
    saveTempProCareStaff: staged('staff', 'procare'),
    saveProcareStaff: (_: unknown, args: Args, ctx: RequestContext) => apply.confirmImport(ctx, args),
    importExternalRoster: (_: unknown, args: Args, ctx: RequestContext) => stage.importExternalRoster(ctx, args),
    uploadAdvanceOnboardingFile: (_: unknown, args: Args, ctx: RequestContext) => stage.uploadAdvanceOnboardingFile(ctx, args),
    matchAdvanceOnboardingHeaders: (_: unknown, args: Args, ctx: RequestContext) => stage.matchAdvanceOnboardingHeaders(ctx, args),
    saveAdvanceOnboardingData: (_: unknown, args: Args, ctx: RequestContext) => apply.confirmImport(ctx, args),
    confirmImport: (_: unknown, args: Args, ctx: RequestContext) => apply.confirmImport(ctx, args),
    exportRoster: (_: unknown, args: Args, ctx: RequestContext) => exports.exportRoster(ctx, args),
  },
  Import: {
    valid: (i) => !['invalid', 'uploaded', 'failed'].includes(i.status) && (i.errors ?? []).length === 0,
    progress: (i) => (i.total ? Math.round((100 * (i.status === 'done' ? i.total : i.processed)) / i.total) : 100),
    mapping: (i) => (i.headers ?? []).map((header) => ({ header, field: i.mapping?.[header] ?? null })),
    fields: (i) => [...(FIELDS[i.kind as ImportKind] ?? [])],
    required_fields: (i) => [...(REQUIRED[i.kind as ImportKind] ?? [])],
    rows: (i) => (i.rows ?? []).map((row) => ({ ...row, values: Object.entries(row.values).map(([field, value]) => ({ field, value })) })),
    totals: (i) => (i.status === 'done' ? { students: 0, contacts: 0, linked_contacts: 0, staff: 0, ...i.result } : null),
    created_at: (i) => iso(i.created_at),
    finished_at: (i) => iso(i.finished_at),
  },
};
