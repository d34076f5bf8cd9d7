import { z } from 'zod';
import { parseArgs } from '@kv/server';
import { CAMERA_MODULE_SETTINGS, DEFAULT_THEME_MODE, THEME_MODES, isHexColour } from '@kv/shared';
import type { RequestContext } from '../../types.ts';
import { audit, readSetting, writeSetting } from './repo.ts';

export interface ThemeSetting {
  theme_color: string | null;
  set_title: string | null;
  theme_mode: string;
  collapse_sidebar: boolean;
  app_logo: string | null;
  login_page_image: string | null;
  top_bar_title: string | null;
  show_room_ration_widget: boolean;
  bucket_name: string | null;
  bucket_url: string | null;
  camera_module_setting: string | null;
}

const DEFAULTS: ThemeSetting = {
  theme_color: null,
  set_title: null,
  theme_mode: DEFAULT_THEME_MODE,
  collapse_sidebar: false,
  app_logo: null,
  login_page_image: null,
  top_bar_title: null,
  show_room_ration_widget: true,
  bucket_name: null,
  bucket_url: null,
  camera_module_setting: null,
};

const url = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^(https?:\/\/|\/)/.test(v), 'Use an http(s) address or a path.');
const themeInput = z
  .object({
    theme_color: z.string().trim().refine(isHexColour, 'Use a 3- or 6-digit hex colour such as #7367F0.').nullable(),
    set_title: z.string().trim().max(100).nullable(),
    theme_mode: z.enum(THEME_MODES, { message: 'Theme mode must be dark, semi-dark or light.' }),
    collapse_sidebar: z.boolean(),
    app_logo: url.nullable(),
    login_page_image: url.nullable(),
    top_bar_title: z.string().trim().max(100).nullable(),
    show_room_ration_widget: z.boolean(),
    camera_module_setting: z.enum(CAMERA_MODULE_SETTINGS, { message: 'The camera page layout must be grid or list.' }).nullable(),
  })
  .partial();

export async function getThemeSetting(ctx: RequestContext): Promise<ThemeSetting> {
  return { ...DEFAULTS, ...((await readSetting<Partial<ThemeSetting>>(ctx.db, 'theme')) ?? {}) };
}

/** Managers with `settings.manage` and the owner (checked by the access gate). */
export async function saveAppSettings(ctx: RequestContext, raw: { input?: unknown }) {
  const input = parseArgs(z.object({ input: themeInput }), raw).input;
  const next = await ctx.db.transaction(async (trx) => {
    const current = { ...DEFAULTS, ...((await readSetting<Partial<ThemeSetting>>(trx, 'theme')) ?? {}) };
    const merged = { ...current, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
    await writeSetting(trx, 'theme', merged);
    await audit(trx, {
      actor_user_id: ctx.viewer!.id,
      support_session_id: ctx.viewer!.support?.sessionId,
      action: 'settings.theme',
      data: input,
      ip: ctx.ip,
    });
    return merged;
  });
  return { status: true, message: 'Settings saved.', color: 'success', setting: next };
}
