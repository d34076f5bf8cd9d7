import { z } from '../../../lib/zod';

const pixels = z
  .number({ message: 'common:validation.required' })
  .int('cameras:validation.whole')
  .min(100, 'cameras:validation.minPixels')
  .max(4096, 'cameras:validation.maxPixels');

export const streamingSettingsSchema = z.object({
  streaming_server_id: z.string(),
  watermark: z.boolean(),
  heartbeat_seconds: z
    .number({ message: 'common:validation.required' })
    .int('cameras:validation.whole')
    .min(5, 'cameras:validation.heartbeat')
    .max(60, 'cameras:validation.heartbeat'),
  only_checked_in: z.boolean(),
  width: pixels,
  height: pixels,
  server: z
    .string()
    .trim()
    .max(300, 'common:validation.tooLong')
    .refine((v) => v === '' || /^(https?|rtmps?|rtsp|wss?):\/\/\S+$/i.test(v), 'cameras:validation.httpUrl'),
  fullscreen: z.boolean(),
  value: z
    .string()
    .trim()
    .min(1, 'common:validation.required')
    .max(40, 'common:validation.tooLong')
    .regex(/^[a-z0-9_-]+$/i, 'cameras:validation.mode'),
  enable_test_mode: z.boolean(),
});

export type StreamingSettingsValues = z.infer<typeof streamingSettingsSchema>;
export const STREAMING_SETTINGS_FIELDS = ['streaming_server_id', 'heartbeat_seconds', 'width', 'height', 'server', 'value'] as const;
