import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { iso } from '../../core/result.ts';
import { day } from './dates.ts';
import * as files from './service/files.ts';
import * as documents from './service/documents.ts';
import * as gaps from './service/gaps.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

export const documentResolvers: Resolvers = {
  Query: {
    filterFiles: (_: unknown, args: Args, ctx: RequestContext) => files.filterFiles(ctx, args),
    getSingleFile: (_: unknown, args: Args, ctx: RequestContext) => files.getSingleFile(ctx, args),
    getDocuments: (_: unknown, args: Args, ctx: RequestContext) => documents.getDocuments(ctx, args),
    getSingleDocument: (_: unknown, args: Args, ctx: RequestContext) => documents.getSingleDocument(ctx, args),
    getComplianceGaps: (_: unknown, args: Args, ctx: RequestContext) => gaps.getComplianceGaps(ctx, args),
  },
  Mutation: {
    createFile: (_: unknown, args: Args, ctx: RequestContext) => files.createFile(ctx, args),
    updateFile: (_: unknown, args: Args, ctx: RequestContext) => files.updateFile(ctx, args),
    sortFiles: (_: unknown, args: Args, ctx: RequestContext) => files.sortFiles(ctx, args),
    shareFile: (_: unknown, args: Args, ctx: RequestContext) => files.shareFile(ctx, args),
    archiveFile: (_: unknown, args: Args, ctx: RequestContext) => files.archiveFile(ctx, args),
    markFileRead: (_: unknown, args: Args, ctx: RequestContext) => files.markFileRead(ctx, args),
    createDocument: (_: unknown, args: Args, ctx: RequestContext) => documents.createDocument(ctx, args),
    archiveDocument: (_: unknown, args: Args, ctx: RequestContext) => documents.archiveDocument(ctx, args),
    uploadDocument: (_: unknown, args: Args, ctx: RequestContext) => documents.uploadDocument(ctx, args),
    approveDocument: (_: unknown, args: Args, ctx: RequestContext) => documents.approveDocument(ctx, args),
    rejectDocument: (_: unknown, args: Args, ctx: RequestContext) => documents.rejectDocument(ctx, args),
  },
  CentreFile: {
    expiry_date: (r: Row) => day(r.expiry_date),
    read: (r: Row) => Boolean(r.read),
    created_at: (r: Row) => iso(r.created_at)!,
  },
  DocumentLog: {
    created_at: (r: Row) => iso(r.created_at)!,
  },
  DocumentRequest: {
    expiry_date: (r: Row) => day(r.expiry_date),
    roles: (r: Row) => (Array.isArray(r.roles) ? (r.roles as string[]) : []),
    created_at: (r: Row) => iso(r.created_at)!,
  },
  Document: {
    date: (r: Row) => day(r.date),
    expiry: (r: Row) => day(r.expiry),
    name: (r: Row) => String(r.name ?? ''),
    created_at: (r: Row) => iso(r.created_at)!,
  },
} as Resolvers;
