/**
 * hls.js settings for live camera viewing: play one target duration behind the live edge (hls.js
 * defaults to three, i.e. 6 s behind with 2 s segments), catch up by playing slightly faster
 * rather than jumping, and jump back to the edge when more than three durations behind. Used by
 * the camera player and by the camera-start benchmark (bench/camera-start.ts), so the measured
 * latency is the one parents get.
 */
export const LIVE_PLAYER_CONFIG = {
  lowLatencyMode: true,
  liveSyncDurationCount: 1,
  liveMaxLatencyDurationCount: 3,
  maxLiveSyncPlaybackRate: 1.5,
  backBufferLength: 10,
  maxBufferLength: 6,
  startFragPrefetch: true,
  manifestLoadingMaxRetry: 2,
} as const;
