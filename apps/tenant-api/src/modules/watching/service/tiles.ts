import type { RequestContext } from '../../../types.ts';
import { isStaff, requireViewer, type LocationScope } from '../../../core/access.ts';
import { type CameraRow, CAMERA_SETTING_DEFAULTS } from '../../cameras/index.ts';
import type { StreamSettings } from '../../streaming/index.ts';
import { loadFacts, type CameraSelection, type FactsBatch, type FactsOptions, type PlayerFacts } from '../facts-repo.ts';
import { decide, type Decision, type WatchFacts } from '../rules.ts';
import { type MediaKeys } from '../media-tokens.ts';

/** What the rules decide for each camera a viewer asks for, and how a camera tile is answered. */

/** What the watching services need besides the request: the media keys, the secret key, whether the dev origin serves. */
export interface MediaEnv {
  keys: MediaKeys;
  secretKey: string;
  /** The built-in dev origin is mounted (never in production): locations without a server play from it. */
  devOrigin: boolean;
}

/** The dev origin's mount point on the tenant API. */
export const DEV_MEDIA_BASE = '/media';

type Tile = { camera: NonNullable<ReturnType<FactsBatch['cameras']['get']>>; row: CameraRow; decision: Decision };

/** `staffScope`: the locations of a staff viewer; null for parents (they reach cameras through their children). */
export function factsFor(
  batch: FactsBatch,
  cameraId: string,
  viewer: { id: string; staff: boolean },
  staffScope: LocationScope | null,
): WatchFacts {
  const camera = batch.cameras.get(cameraId) ?? null;
  const loc = camera ? batch.locations.get(camera.location_id) : undefined;
  return {
    viewer: {
      id: viewer.id,
      staff: viewer.staff,
      active: batch.viewerActive,
      inStaffScope: Boolean(camera && staffScope && (staffScope.all || staffScope.ids.has(camera.location_id))),
    },
    camera,
    children: batch.children.get(cameraId) ?? [],
    location: loc ?? {
      timezone: 'UTC',
      enable_max_login_feature: false,
      max_daily_logins: null,
      only_checked_in: true,
      user_time_out: null,
    },
    limit: (camera && batch.limits.get(camera.location_id)) || { own: null, extra: 0, used: 0 },
    hasOpenSession: Boolean(camera && batch.openLocations.has(camera.location_id)),
  };
}

/** The decision for each selected camera, for the signed-in viewer, from one statement. */
export async function decisions(
  ctx: RequestContext,
  staffScope: LocationScope | null,
  select: CameraSelection,
  at: Date,
  opts: FactsOptions = {},
): Promise<{ batch: FactsBatch; tiles: Tile[] }> {
  const v = requireViewer(ctx);
  const staff = isStaff(requireViewer(ctx));
  const batch = await loadFacts(ctx.db, v.id, select, at, opts);
  const tiles = batch.rows.map((row) => {
    const cid = String(row.id);
    return { camera: batch.cameras.get(cid)!, row, decision: decide(factsFor(batch, cid, { id: v.id, staff }, staffScope), at) };
  });
  return { batch, tiles };
}

export function playerSettings(player: PlayerFacts) {
  const { camera_setting: cam, stream_settings: stream, stream_mode: mode } = player.settings;
  return {
    camera: { ...CAMERA_SETTING_DEFAULTS, ...((cam ?? {}) as Partial<typeof CAMERA_SETTING_DEFAULTS>) },
    stream: { streaming_server_id: null, watermark: true, heartbeat_seconds: 15, ...(stream ?? {}) } as StreamSettings,
    testMode: Boolean((mode as { enable_test_mode?: boolean } | null | undefined)?.enable_test_mode),
  };
}

export const tileOut = (t: Tile) => ({
  camera: t.row,
  can_play: t.decision.ok,
  reason: t.decision.ok ? null : t.decision.code,
  message: t.decision.ok ? 'Live.' : t.decision.message,
});
