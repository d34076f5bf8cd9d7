import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { mediaEnv } from './env.ts';
import * as svc from './service.ts';
import * as reports from './reports.ts';
import { iso, isoTime } from '../../core/result.ts';

type Args = Record<string, unknown>;

export const watchingResolvers: Resolvers = {
  Query: {
    playCameraGridView: (_: unknown, args: Args, ctx: RequestContext) => svc.playCameraGridView(ctx, args),
    getStudentCameras: (_: unknown, args: Args, ctx: RequestContext) => svc.getStudentCameras(ctx, args),
    getOnlineCameras: (_: unknown, args: Args, ctx: RequestContext) => svc.getOnlineCameras(ctx, args),
    checkRemainingLogins: (_: unknown, args: Args, ctx: RequestContext) => svc.checkRemainingLogins(ctx, args),
    getDailyCameraLogins: (_: unknown, args: Args, ctx: RequestContext) => svc.getDailyCameraLogins(ctx, args),
    getCameraWatchTime: (_: unknown, args: Args, ctx: RequestContext) => svc.getCameraWatchTime(ctx, args),
    getCamerasBeingWatched: (_: unknown, args: Args, ctx: RequestContext) => svc.getCamerasBeingWatched(ctx, args),
    getOnlineContacts: (_: unknown, args: Args, ctx: RequestContext) => svc.getOnlineContacts(ctx, args),
    getLoginReport: (_: unknown, args: Args, ctx: RequestContext) => reports.getLoginReport(ctx, args),
    getWatchTimeReport: (_: unknown, args: Args, ctx: RequestContext) => reports.getWatchTimeReport(ctx, args),
  },
  Mutation: {
    playCamera: async (_: unknown, args: Args, ctx: RequestContext) => svc.playCamera(ctx, args, await mediaEnv(ctx)),
    cameraHeartbeat: async (_: unknown, args: Args, ctx: RequestContext) => svc.cameraHeartbeat(ctx, args, await mediaEnv(ctx)),
    addLoginTime: async (_: unknown, args: Args, ctx: RequestContext) => svc.addLoginTime(ctx, args, await mediaEnv(ctx)),
    stopCameraSession: async (_: unknown, args: Args, ctx: RequestContext) => svc.stopCameraSession(ctx, args, await mediaEnv(ctx)),
    createCameraWatchTimeReport: (_: unknown, args: Args, ctx: RequestContext) => svc.createCameraWatchTimeReport(ctx, args),
    resetUserLogins: (_: unknown, args: Args, ctx: RequestContext) => svc.resetUserLogins(ctx, args),
    updateUserLogins: (_: unknown, args: Args, ctx: RequestContext) => svc.updateUserLogins(ctx, args),
  },
  LoginReportRow: {
    last_watched_at: (r: Args) => iso(r.last_watched_at),
  },
  WatchTimeReportRow: {
    first_started_at: (r: Args) => isoTime(r.first_started_at),
    last_seen_at: (r: Args) => isoTime(r.last_seen_at),
  },
  CameraWatchSession: {
    started_at: (s: Args) => isoTime(s.started_at),
    ended_at: (s: Args) => iso(s.ended_at),
  },
};
