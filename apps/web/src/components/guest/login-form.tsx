import { Button, Stack, TextInput } from '@mantine/core';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordInput } from '../form/password-input';
import type { LoginValues } from './login-form.schema';

export interface LoginFormProps {
  onSubmit(values: LoginValues): Promise<void>;
}

type Errors = Partial<Record<keyof LoginValues, string>>;

export function validateLogin(values: LoginValues): Errors {
  const errors: Errors = {};
  if (!values.username.trim()) errors.username = 'common:validation.required';
  if (!values.password) errors.password = 'common:validation.required';
  return errors;
}

/**
 * Username-or-email and password, shared by the centre and operator sign-in pages. Two required
 * fields need no form library: plain state keeps the sign-in bundle small.
 */
export function LoginForm({ onSubmit }: LoginFormProps) {
  const { t } = useTranslation('common');
  const [values, setValues] = useState<LoginValues>({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateLogin(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await onSubmit({ username: values.username.trim(), password: values.password });
    } finally {
      setSubmitting(false);
    }
  }

  const change = (field: keyof LoginValues) => (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('common:signIn.title')}>
      <Stack gap="md">
        <TextInput
          name="username"
          label={t('common:signIn.usernameOrEmail')}
          value={values.username}
          onChange={change('username')}
          autoComplete="username"
          autoFocus
          withAsterisk
          aria-required
          error={errors.username ? t(errors.username) : undefined}
        />
        <PasswordInput
          name="password"
          label={t('common:signIn.password')}
          value={values.password}
          onChange={change('password')}
          autoComplete="current-password"
          withAsterisk
          aria-required
          error={errors.password ? t(errors.password) : undefined}
          toggleLabel={t('common:form.togglePassword')}
        />
        <Button type="submit" loading={submitting} fullWidth data-testid="login-submit">
          {t('common:signIn.submit')}
        </Button>
      </Stack>
    </form>
  );
}
