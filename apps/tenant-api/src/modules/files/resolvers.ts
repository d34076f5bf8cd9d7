import type { RequestContext } from '../../types.ts';
import { iso } from '../../core/result.ts';
import * as service from './service.ts';
import { fileUrls, type FileObj } from './urls.ts';

type Args = Record<string, unknown>;
type Svc = (ctx: RequestContext, args: Args) => unknown;

const r = (svc: Svc) => (_: unknown, args: Args, ctx: RequestContext) => svc(ctx, args);
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const fileResolvers = {
  Query: {
    uploadStatus: r(service.uploadStatus),
  },
  Mutation: {
    getPresignedUploadUrl: r(service.getPresignedUploadUrl),
    completeUpload: r(service.completeUpload),
  },
  File: {
    size: (f: FileObj) => num(f.size),
    url: async (f: FileObj, _: Args, ctx: RequestContext) => (await fileUrls(ctx, f))?.url ?? null,
    thumbnail_url: async (f: FileObj, _: Args, ctx: RequestContext) => (await fileUrls(ctx, f))?.thumbnail_url ?? null,
    url_expires_at: async (f: FileObj, _: Args, ctx: RequestContext) => (await fileUrls(ctx, f))?.expires_at ?? null,
    created_at: (f: FileObj) => iso(f.created_at),
  },
};
