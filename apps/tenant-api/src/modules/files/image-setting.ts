import type { Knex } from 'knex';
import { readSetting } from '../settings/index.ts';

type Db = Knex | Knex.Transaction;

/** Spec `getImagesSetting`: the long side (px), WebP quality and thumbnail side photos are stored at. */
export interface ImageSetting {
  long_side: number;
  quality: number;
  thumbnail: number;
}

export const IMAGE_SETTING_KEY = 'images';
export const IMAGE_SETTING_DEFAULTS: ImageSetting = { long_side: 1920, quality: 82, thumbnail: 400 };
/** Bounds `saveImagesSetting` accepts. */
export const IMAGE_SETTING_BOUNDS = {
  long_side: [320, 8000],
  quality: [30, 100],
  thumbnail: [64, 1024],
} as const satisfies Record<keyof ImageSetting, readonly [number, number]>;

/** The centre's image setting (a generic setting, centre-wide), the defaults where none was saved. */
export async function readImageSetting(db: Db): Promise<ImageSetting> {
  const saved = await readSetting<Partial<ImageSetting>>(db, IMAGE_SETTING_KEY);
  return { ...IMAGE_SETTING_DEFAULTS, ...(saved ?? {}) };
}
