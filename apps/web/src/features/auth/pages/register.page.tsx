import { zodResolver } from '@hookform/resolvers/zod';
import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import { useNavigate, useParams } from 'react-router-dom';
import { useMutation } from 'urql';
import { PasswordField } from '../../../components/form/password-field';
import { TextField } from '../../../components/form/text-field';
import { GuestPage } from '../../../components/guest/guest-page';
import { errorWithCode } from '../../../lib/graphql-errors';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice } from '../../../lib/notices';
import { withSearch } from '../../../lib/path-builder';
import { paths } from '../../../lib/paths';
import { RegisterMutation } from '../api/register.mutation';
import { AuthLinks } from '../components/auth-links';
import { REGISTER_FIELDS, registerSchema, type RegisterValues } from '../forms/register-form.schema';

/** Self-registration of a contact; a location's signup code may come in the URL (/register/:code). */
export function RegisterPage() {
  const { t } = useTranslation(['account', 'common']);
  const { code } = useParams();
  const navigate = useNavigate();
  const [, register] = useMutation(RegisterMutation);
  const { control, handleSubmit, setError, formState } = useForm<RegisterValues>({
    resolver: zodResolver(registerSchema),
    defaultValues: { fname: '', lname: '', username: '', email: '', password: '', password_confirmation: '', signup_code: code ?? '' },
  });

  async function onSubmit(values: RegisterValues) {
    const { password_confirmation: _confirmation, signup_code, ...rest } = values;
    // The PIN's validity and the code's expiry are the location's signup settings, decided by the server.
    const result = await register({ ...rest, signup_code: signup_code || null });
    const expired = errorWithCode(result.error, 'SIGNUP_CODE_EXPIRED');
    if (expired) {
      setError('signup_code', { type: 'server', message: expired.message });
      return;
    }
    if (reportMutationError(result.error, t, { setError, fields: REGISTER_FIELDS })) return;
    const payload = result.data?.register;
    if (!payload) return;
    showNotice(payload);
    if (payload.status && payload.pin_time) {
      navigate(withSearch(paths.emailConfirmation.to(), { pin_time: payload.pin_time }), {
        state: { email: values.email, successText: payload.signup_success_text },
      });
    }
  }

  return (
    <GuestPage title={t('account:register.title')} lead={t('account:register.lead')}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('account:register.title')}>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextField control={control} name="fname" label={t('account:fields.fname')} autoComplete="given-name" required />
            <TextField control={control} name="lname" label={t('account:fields.lname')} autoComplete="family-name" required />
          </SimpleGrid>
          <TextField control={control} name="username" label={t('account:fields.username')} autoComplete="username" required />
          <TextField control={control} name="email" label={t('account:fields.email')} type="email" autoComplete="email" required />
          <PasswordField
            control={control}
            name="password"
            label={t('account:fields.password')}
            autoComplete="new-password"
            required
            description={t('account:fields.passwordHint')}
          />
          <PasswordField
            control={control}
            name="password_confirmation"
            label={t('account:fields.passwordConfirmation')}
            autoComplete="new-password"
            required
          />
          <TextField
            control={control}
            name="signup_code"
            label={t('account:fields.signupCode')}
            description={t('account:register.codeHint')}
            autoComplete="off"
          />
          <Button type="submit" loading={formState.isSubmitting} fullWidth data-testid="register-submit">
            {t('account:register.submit')}
          </Button>
        </Stack>
      </form>
      <AuthLinks show={['login', 'resend']} />
    </GuestPage>
  );
}
