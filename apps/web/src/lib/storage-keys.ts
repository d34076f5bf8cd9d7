/** Local storage keys: the spec's (§3) first, then the shell's own preferences. */
export const STORAGE_KEYS = {
  userInfo: 'userInfo',
  /** Array whose first element has a `name`: the user's role for routing. */
  userRoles: 'userRoles',
  themeColour: 'default_theme_color',
  themeMode: 'theme-mode',
  currentLocation: 'current_location',
  appToken: 'app_token',
  refreshToken: 'app_refresh_token',
  tokenExpiresAt: 'app_token_expires_at',
  sessionId: 'app_session_id',
  starredPages: 'starred_pages',
  sidebarCollapsed: 'sidebar_collapsed',
  language: 'language',
  /** Daily activities made offline, waiting to be sent (kept across sign-outs: each names who made it). */
  activityQueue: 'activity_queue',
  /** The quick entry's last values per kind ("last portion") and last room. */
  activityLast: 'activity_last_values',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Cleared on logout; the language stays, it belongs to the device. */
export const SESSION_SCOPED_KEYS: readonly StorageKey[] = [
  STORAGE_KEYS.userInfo,
  STORAGE_KEYS.userRoles,
  STORAGE_KEYS.themeColour,
  STORAGE_KEYS.themeMode,
  STORAGE_KEYS.currentLocation,
  STORAGE_KEYS.appToken,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.tokenExpiresAt,
  STORAGE_KEYS.sessionId,
  STORAGE_KEYS.starredPages,
  STORAGE_KEYS.sidebarCollapsed,
  STORAGE_KEYS.activityLast,
];
