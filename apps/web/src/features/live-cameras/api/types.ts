/** Shapes of the live-camera answers the screens read (mirrors the tenant API's SDL). */
export interface Notice {
  status: boolean;
  message: string;
  color: string;
}

export interface CameraSummary {
  id: string;
  name: string;
  code: string | null;
  color_code: string;
  location_id: string;
  room: { id: string; name: string } | null;
}

export interface CameraTileData {
  camera: CameraSummary;
  can_play: boolean;
  reason: string | null;
  message: string;
}

export interface CameraEmbed {
  url: string;
  type: string;
  token: string;
  token_expires_at: string;
  width: number;
  height: number;
  fullscreen: boolean;
  watermark: boolean;
  heartbeat_seconds: number;
  test_mode: boolean;
}

export interface PlayCameraData extends Notice {
  reason: string | null;
  session_id: string | null;
  remaining_logins: number | null;
  /** When the camera's schedule stops the viewing (ISO; null: no end). */
  live_until: string | null;
  /** Minutes without activity after which the viewing stops (null: never). */
  idle_minutes: number | null;
  embed_code: CameraEmbed | null;
}

export interface WatchSessionData extends Notice {
  reason: string | null;
  session_id: string;
  seconds: number;
  remaining_logins: number | null;
}

export interface PaginatorInfo {
  currentPage: number;
  lastPage: number;
  perPage: number;
  total: number;
}

export interface CameraLoginToday {
  user_id: string;
  location_id: string;
  date: string;
  enabled: boolean;
  limit: number | null;
  used: number;
  extra_today: number;
  remaining: number | null;
  own_limit: number | null;
}

export interface WatchSessionRow {
  id: string;
  user_id: string;
  user_name: string;
  student_name: string | null;
  camera_id: string;
  camera_name: string;
  location_id: string;
  date: string;
  started_at: string;
  ended_at: string | null;
  seconds: number;
  ended_reason: string | null;
  ip: string | null;
  user_agent: string | null;
}

export interface StreamingServer {
  id: string;
  name: string;
  type: string;
  base_url: string;
  api_url: string | null;
  has_secret: boolean;
  location_id: string | null;
  is_default: boolean;
  status: boolean;
  updated_at: string | null;
}

/** Period arguments of the reports: one date, a from–to range, or the week of a date. */
export interface PeriodVars {
  location_id?: string | null;
  date?: string | null;
  from?: string | null;
  to?: string | null;
  week?: string | null;
  page?: number;
  first?: number;
}
