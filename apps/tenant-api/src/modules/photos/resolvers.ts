import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { iso, isoTime } from '../../core/result.ts';
import { selects } from '../../core/selection.ts';
import * as photos from './service/photos.ts';
import * as consent from './service/consent.ts';
import * as images from './service/images.ts';

type Args = Record<string, unknown>;
type Row = Record<string, unknown>;

export const photoResolvers: Resolvers = {
  Query: {
    // A view is logged only where the images themselves are asked for (not the resize walk's id list).
    getPhotos: (_: unknown, args: Args, ctx: RequestContext, info) =>
      photos.getPhotos(ctx, args, { logViews: selects(info, ['data', 'file'], ['url', 'thumbnail_url']) }),
    getPhotoLogs: (_: unknown, args: Args, ctx: RequestContext) => photos.getPhotoLogs(ctx, args),
    getImagesSetting: (_: unknown, _args: Args, ctx: RequestContext) => images.getImagesSetting(ctx),
    getPhotoConsentLog: (_: unknown, args: Args, ctx: RequestContext) => consent.getPhotoConsentLog(ctx, args),
  },
  Mutation: {
    createPhoto: (_: unknown, args: Args, ctx: RequestContext) => photos.createPhoto(ctx, args),
    updatePhoto: (_: unknown, args: Args, ctx: RequestContext) => photos.updatePhoto(ctx, args),
    deletePhoto: (_: unknown, args: Args, ctx: RequestContext) => photos.deletePhoto(ctx, args),
    approvePhoto: (_: unknown, args: Args, ctx: RequestContext) => photos.approvePhoto(ctx, args),
    saveImagesSetting: (_: unknown, args: Args, ctx: RequestContext) => images.saveImagesSetting(ctx, args),
    bulkResizeImges: (_: unknown, args: Args, ctx: RequestContext) => images.bulkResizeImges(ctx, args),
    updatePhotoConsent: (_: unknown, args: Args, ctx: RequestContext) => consent.updatePhotoConsent(ctx, args),
  },
  Photo: {
    taken_at: (r: Row) => isoTime(r.taken_at),
    approved_at: (r: Row) => iso(r.approved_at),
    created_at: (r: Row) => isoTime(r.created_at),
  },
  PhotoLog: {
    created_at: (r: Row) => isoTime(r.created_at),
  },
  PhotoConsent: {
    created_at: (r: Row) => iso(r.created_at),
  },
};
