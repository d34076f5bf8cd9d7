import { z } from '../../../lib/zod';

/** A photo's caption and tags as the server takes them (caption ≤ 500, ≤ 100 children, ≤ 50 staff); messages are i18n keys. */
export const photoSchema = z.object({
  caption: z.string().trim().max(500, 'photos:form.errors.captionLong'),
  students: z.array(z.string()).max(100, 'photos:form.errors.tooManyChildren'),
  staff: z.array(z.string()).max(50, 'photos:form.errors.tooManyStaff'),
});

export type PhotoFormValues = z.infer<typeof photoSchema>;

/** The image setting's bounds (files/image-setting.ts). */
export const IMAGE_BOUNDS = {
  long_side: [320, 8000],
  quality: [30, 100],
  thumbnail: [64, 1024],
} as const;

const bounded = (key: keyof typeof IMAGE_BOUNDS) =>
  z
    .number({ message: `photos:settings.errors.${key}` })
    .int(`photos:settings.errors.${key}`)
    .min(IMAGE_BOUNDS[key][0], `photos:settings.errors.${key}`)
    .max(IMAGE_BOUNDS[key][1], `photos:settings.errors.${key}`);

/** The image size form: long side, quality and thumbnail within the server's bounds. */
export const imagesSettingSchema = z.object({
  long_side: bounded('long_side'),
  quality: bounded('quality'),
  thumbnail: bounded('thumbnail'),
});

export type ImagesSettingValues = z.infer<typeof imagesSettingSchema>;
