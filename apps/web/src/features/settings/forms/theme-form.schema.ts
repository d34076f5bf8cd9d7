import { z } from '../../../lib/zod';
import { CAMERA_MODULE_SETTINGS, THEME_MODES, isHexColour } from '@kv/shared';

const optionalText = (max: number) => z.string().trim().max(max, 'common:validation.tooLong');
const optionalUrl = z
  .string()
  .trim()
  .max(500, 'common:validation.tooLong')
  .refine((v) => v === '' || /^(https?:\/\/|\/)/.test(v), 'settings:validation.url');

export const themeFormSchema = z.object({
  theme_mode: z.enum(THEME_MODES),
  // Spec §5: only a 3- or 6-digit hex colour is accepted; empty means the default colour.
  theme_color: z
    .string()
    .trim()
    .refine((v) => v === '' || isHexColour(v), 'settings:validation.hex'),
  set_title: optionalText(100),
  top_bar_title: optionalText(100),
  app_logo: optionalUrl,
  login_page_image: optionalUrl,
  collapse_sidebar: z.boolean(),
  show_room_ration_widget: z.boolean(),
  camera_module_setting: z.enum(CAMERA_MODULE_SETTINGS),
});

export type ThemeFormValues = z.infer<typeof themeFormSchema>;

export const THEME_FORM_FIELDS = [
  'theme_mode',
  'theme_color',
  'set_title',
  'top_bar_title',
  'app_logo',
  'login_page_image',
  'collapse_sidebar',
  'show_room_ration_widget',
  'camera_module_setting',
] as const;
