import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { mediaEnv } from './env.ts';
import { checkRemainingLogins, resetUserLogins, updateUserLogins } from './service/limits.ts';
import { getOnlineCameras, getStudentCameras, playCamera, playCameraGridView } from './service/play.ts';
import {
  getCameraWatchTime,
  getCamerasBeingWatched,
  getDailyCameraLogins,
  getLoginReport,
  getOnlineContacts,
  getWatchTimeReport,
} from './service/reports.ts';
import { addLoginTime, cameraHeartbeat, createCameraWatchTimeReport, stopCameraSession } from './service/sessions.ts';
import { iso, isoTime } from '../../core/result.ts';

type Args = Record<string, unknown>;

export const watchingResolvers: Resolvers = {
  Query: {
    playCameraGridView: (_: unknown, args: Args, ctx: RequestContext) => playCameraGridView(ctx, args),
    getStudentCameras: (_: unknown, args: Args, ctx: RequestContext) => getStudentCameras(ctx, args),
    getOnlineCameras: (_: unknown, args: Args, ctx: RequestContext) => getOnlineCameras(ctx, args),
    checkRemainingLogins: (_: unknown, args: Args, ctx: RequestContext) => checkRemainingLogins(ctx, args),
    getDailyCameraLogins: (_: unknown, args: Args, ctx: RequestContext) => getDailyCameraLogins(ctx, args),
    getCameraWatchTime: (_: unknown, args: Args, ctx: RequestContext) => getCameraWatchTime(ctx, args),
    getCamerasBeingWatched: (_: unknown, args: Args, ctx: RequestContext) => getCamerasBeingWatched(ctx, args),
    getOnlineContacts: (_: unknown, args: Args, ctx: RequestContext) => getOnlineContacts(ctx, args),
    getLoginReport: (_: unknown, args: Args, ctx: RequestContext) => getLoginReport(ctx, args),
    getWatchTimeReport: (_: unknown, args: Args, ctx: RequestContext) => getWatchTimeReport(ctx, args),
  },
  Mutation: {
    playCamera: async (_: unknown, args: Args, ctx: RequestContext) => playCamera(ctx, args, await mediaEnv(ctx)),
    cameraHeartbeat: async (_: unknown, args: Args, ctx: RequestContext) => cameraHeartbeat(ctx, args, await mediaEnv(ctx)),
    addLoginTime: async (_: unknown, args: Args, ctx: RequestContext) => addLoginTime(ctx, args, await mediaEnv(ctx)),
    stopCameraSession: async (_: unknown, args: Args, ctx: RequestContext) => stopCameraSession(ctx, args, await mediaEnv(ctx)),
    createCameraWatchTimeReport: (_: unknown, args: Args, ctx: RequestContext) => createCameraWatchTimeReport(ctx, args),
    resetUserLogins: (_: unknown, args: Args, ctx: RequestContext) => resetUserLogins(ctx, args),
    updateUserLogins: (_: unknown, args: Args, ctx: RequestContext) => updateUserLogins(ctx, args),
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
