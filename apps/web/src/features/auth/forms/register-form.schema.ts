import { z } from '../../../lib/zod';
import { passwordRule } from '../../../components/form/new-password.schema';
import { emailRule, nameRule, usernameRule } from './auth-fields.schema';

export const registerSchema = z
  .object({
    fname: nameRule,
    lname: nameRule,
    username: usernameRule,
    email: emailRule,
    password: passwordRule,
    password_confirmation: z.string().min(1, 'common:validation.required'),
    signup_code: z.string().trim().max(40, 'common:validation.tooLong'),
  })
  .refine((v) => v.password === v.password_confirmation, {
    path: ['password_confirmation'],
    message: 'account:validation.passwordsDiffer',
  });

export type RegisterValues = z.infer<typeof registerSchema>;

/** Fields the server may name in `extensions.field`. */
export const REGISTER_FIELDS = ['fname', 'lname', 'username', 'email', 'password', 'signup_code'] as const;
