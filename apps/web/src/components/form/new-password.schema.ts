import { z } from '../../lib/zod';

/** The server's password rule; messages are i18n keys. */
export const passwordRule = z.string().min(8, 'account:validation.passwordShort').max(128, 'account:validation.passwordLong');

/** A new password typed twice. */
export const newPasswordSchema = z
  .object({ password: passwordRule, password_confirmation: z.string().min(1, 'common:validation.required') })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'account:validation.passwordsDiffer',
  });

export type NewPasswordValues = z.infer<typeof newPasswordSchema>;
