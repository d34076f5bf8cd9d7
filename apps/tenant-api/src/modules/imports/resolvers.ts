import type { RequestContext } from '../../types.ts';
import * as stage from './service/stage.ts';
import * as apply from './service/apply.ts';
import * as exports from './service/export.ts';
import { FIELDS, REQUIRED, type ImportKind } from './csv.ts';
import type { ImportRow as Row } from './repo.ts';
import { iso } from '../../core/result.ts';

type Args = Record<string, unknown>;
type Svc = (ctx: RequestContext, args: Args) => unknown;

const r = (svc: Svc) => (_: unknown, args: Args, ctx: RequestContext) => svc(ctx, args);
const staged = (kind: ImportKind, source: 'csv' | 'procare' | 'brightwheel') => r((ctx, args) => stage.stage(ctx, kind, source, args));

export const importResolvers = {
  Query: {
    getImport: r(stage.getImport),
    getImports: r(stage.getImports),
    downloadRoster: r(exports.exportRoster),
    getBoardingData: r(exports.getBoardingData),
  },
  Mutation: {
    uploadStudentsCsv: staged('students', 'csv'),
    procareImport: staged('students', 'procare'),
    saveTempProCareStaff: staged('staff', 'procare'),
    saveProcareStaff: r(apply.confirmImport),
    importExternalRoster: r(stage.importExternalRoster),
    uploadAdvanceOnboardingFile: r(stage.uploadAdvanceOnboardingFile),
    matchAdvanceOnboardingHeaders: r(stage.matchAdvanceOnboardingHeaders),
    saveAdvanceOnboardingData: r(apply.confirmImport),
    confirmImport: r(apply.confirmImport),
    exportRoster: r(exports.exportRoster),
  },
  Import: {
    valid: (i: Row) => !['invalid', 'uploaded', 'failed'].includes(i.status) && (i.errors ?? []).length === 0,
    progress: (i: Row) => (i.total ? Math.round((100 * (i.status === 'done' ? i.total : i.processed)) / i.total) : 100),
    mapping: (i: Row) => (i.headers ?? []).map((header) => ({ header, field: i.mapping?.[header] ?? null })),
    fields: (i: Row) => FIELDS[i.kind as ImportKind] ?? [],
    required_fields: (i: Row) => REQUIRED[i.kind as ImportKind] ?? [],
    rows: (i: Row) =>
      (i.rows ?? []).map((row) => ({ ...row, values: Object.entries(row.values).map(([field, value]) => ({ field, value })) })),
    totals: (i: Row) => (i.status === 'done' ? { students: 0, contacts: 0, linked_contacts: 0, staff: 0, ...i.result } : null),
    created_at: (i: Row) => iso(i.created_at),
    finished_at: (i: Row) => iso(i.finished_at),
  },
};
