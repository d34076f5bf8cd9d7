import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { seesCameraSetup } from '../../core/access.ts';
import * as service from './service.ts';
import { iso } from '../../core/result.ts';

type Args = Record<string, unknown>;

export const roomResolvers: Resolvers = {
  Query: {
    roomsByLocation: (_: unknown, args: Args, ctx: RequestContext) => service.roomsByLocation(ctx, args),
    groupsByLocation: (_: unknown, args: Args, ctx: RequestContext) => service.groupsByLocation(ctx, args),
    getGroupCameras: (_: unknown, args: Args, ctx: RequestContext) => service.getGroupCameras(ctx, args),
  },
  Mutation: {
    createLocationRoom: (_: unknown, args: Args, ctx: RequestContext) => service.createRoom(ctx, args),
    updateLocationRoom: (_: unknown, args: Args, ctx: RequestContext) => service.updateRoom(ctx, args),
    deleteLocationRoom: (_: unknown, args: Args, ctx: RequestContext) => service.deleteRoom(ctx, args),
    createProgram: (_: unknown, args: Args, ctx: RequestContext) => service.createRoom(ctx, args),
    updateProgram: (_: unknown, args: Args, ctx: RequestContext) => service.updateRoom(ctx, args),
    deleteProgram: (_: unknown, args: Args, ctx: RequestContext) => service.deleteRoom(ctx, args),
    createLocationGroup: (_: unknown, args: Args, ctx: RequestContext) => service.createLocationGroup(ctx, args),
    updateGroupCamera: (_: unknown, args: Args, ctx: RequestContext) => service.updateGroupCamera(ctx, args),
    updateLocationGroupName: (_: unknown, args: Args, ctx: RequestContext) => service.updateLocationGroupName(ctx, args),
    deleteLocationGroup: (_: unknown, args: Args, ctx: RequestContext) => service.deleteLocationGroup(ctx, args),
  },
  Program: {
    camera_group_id: (p, _, ctx) => (seesCameraSetup(ctx) ? (p.camera_group_id ?? null) : null),
    created_at: (p: Args) => iso(p.created_at),
    updated_at: (p: Args) => iso(p.updated_at),
  },
  CameraGroup: {
    created_at: (g: Args) => iso(g.created_at),
    updated_at: (g: Args) => iso(g.updated_at),
  },
};
