import { z } from '../../../lib/zod';

export const addPermissionSchema = z.object({
  permission: z
    .string()
    .trim()
    .min(1, 'common:validation.required')
    .max(80, 'common:validation.tooLong')
    .regex(/^[a-z0-9_.-]+$/, 'access:validation.permissionName'),
  display_name: z.string().trim().max(150, 'common:validation.tooLong'),
  roles: z.array(z.string()).min(1, 'access:validation.pickRole'),
});

export type AddPermissionValues = z.infer<typeof addPermissionSchema>;
