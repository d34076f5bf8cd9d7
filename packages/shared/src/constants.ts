/** Business constants of spec §9. */
export const PAGE_SIZE_DEFAULT = 25;
export const PAGE_SIZE_MAX = 100;
export const NOTICE_DURATION_MS = 8000;
export const STARRED_PAGES_LIMIT = 10;
export const IMAGE_RESIZE_BATCH = 5;
export const TIME_FORMAT = 'MM/DD/YYYY h:mm A';
export const EMPTY_TABLE_TEXT = 'No data available.';
export const THEME_COLOURS = {
  primary: '#7367F0',
  success: '#28C76F',
  danger: '#EA5455',
  warning: '#FF9F43',
  dark: '#1E1E1E',
} as const;
export const THEME_MODES = ['dark', 'semi-dark', 'light'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export const DEFAULT_THEME_MODE: ThemeMode = 'semi-dark';
/**
 * Theme settings' camera_module_setting: how the live-camera page lays out a viewer's cameras —
 * `grid` (tiles side by side, the default) or `list` (one wide camera per row, for few cameras
 * or small screens).
 */
export const CAMERA_MODULE_SETTINGS = ['grid', 'list'] as const;
export type CameraModuleSetting = (typeof CAMERA_MODULE_SETTINGS)[number];
export const DEFAULT_CAMERA_MODULE_SETTING: CameraModuleSetting = 'grid';
export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const;
/** Notice colours carried in mutation results (`status`, `message`, `color`). */
export const NOTICE_COLORS = ['success', 'danger', 'warning', 'info'] as const;
export type NoticeColor = (typeof NOTICE_COLORS)[number];
