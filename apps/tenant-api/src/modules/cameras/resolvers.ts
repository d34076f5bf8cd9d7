import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import * as cameras from './service/cameras.ts';
import * as reads from './service/reads.ts';
import * as imports from './service/import.ts';
import * as settings from './service/settings.ts';
import { seesCameraSetup } from '../../core/access.ts';
import { iso } from '../../core/result.ts';

type Args = Record<string, unknown>;

export const cameraResolvers: Resolvers = {
  Query: {
    location_cameras: (_: unknown, args: Args, ctx: RequestContext) => reads.locationCameras(ctx, args),
    getCameraDetail: (_: unknown, args: Args, ctx: RequestContext) => reads.getCameraDetail(ctx, args),
    getCameraHistory: (_: unknown, args: Args, ctx: RequestContext) => reads.getCameraHistory(ctx, args),
    getLocationDefaultCameras: (_: unknown, args: Args, ctx: RequestContext) => reads.getLocationDefaultCameras(ctx, args),
    suggestcolors: (_: unknown, args: Args, ctx: RequestContext) => settings.suggestcolors(ctx, args),
    checkCameraColor: (_: unknown, args: Args, ctx: RequestContext) => settings.checkCameraColor(ctx, args),
    getCameraSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.getCameraSettings(ctx, args),
    getStreamModeSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.getStreamModeSettings(ctx, args),
    uploadCamerasList: (_: unknown, args: Args, ctx: RequestContext) => imports.uploadCamerasList(ctx, args),
  },
  Mutation: {
    createCameraWithScheduleInLocation: (_: unknown, args: Args, ctx: RequestContext) => cameras.createCamera(ctx, args),
    updateCameraWithScheduleInLocation: (_: unknown, args: Args, ctx: RequestContext) => cameras.updateCamera(ctx, args),
    createCamera: (_: unknown, args: Args, ctx: RequestContext) => cameras.createCamera(ctx, args),
    updateCamera: (_: unknown, args: Args, ctx: RequestContext) => cameras.updateCamera(ctx, args),
    deleteCamera: (_: unknown, args: Args, ctx: RequestContext) => cameras.deleteCamera(ctx, args),
    updateCameraStatus: (_: unknown, args: Args, ctx: RequestContext) => cameras.updateCameraStatus(ctx, args),
    createMultipleCameras: (_: unknown, args: Args, ctx: RequestContext) => imports.createMultipleCameras(ctx, args),
    saveCameraOrder: (_: unknown, args: Args, ctx: RequestContext) => cameras.saveCameraOrder(ctx, args),
    applyScheduleToCameras: (_: unknown, args: Args, ctx: RequestContext) => cameras.applyScheduleToCameras(ctx, args),
    saveUploadCameraList: (_: unknown, args: Args, ctx: RequestContext) => imports.saveUploadCameraList(ctx, args),
    saveCameraSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.saveCameraSettings(ctx, args),
    saveStreamModeSettings: (_: unknown, args: Args, ctx: RequestContext) => settings.saveStreamModeSettings(ctx, args),
  },
  Camera: {
    code: (c, _, ctx) => (seesCameraSetup(ctx) ? (c.code ?? null) : null),
    created_at: (c: Args) => iso(c.created_at),
    updated_at: (c: Args) => iso(c.updated_at),
  },
};
