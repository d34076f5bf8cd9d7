import { zodResolver } from '@hookform/resolvers/zod';
import { SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm } from 'react-hook-form';
import { useClient, useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { useFieldError } from '../../../components/form/field-base';
import { NumberField } from '../../../components/form/number-field';
import type { LocationData, LocationSettingData } from '../api/fragments';
import { SaveSignupSettingsMutation, UpdateLocationSignupCodeMutation } from '../api/locations.mutation';
import { CheckLocationCodeQuery } from '../api/locations.query';
import { useFinish } from '../hooks/use-finish';
import { fieldsOf, optionalCount, SaveRow, SETTINGS_CONTEXT, SettingsSection } from './settings-section';

const signupSchema = z
  .object({
    is_signup: z.boolean(),
    signup_code: z.string().trim().max(50, 'common:validation.tooLong'),
    expiry_time: optionalCount,
    signup_pin_code_expiry: optionalCount,
    signup_success_text: z.string().max(1000, 'common:validation.tooLong'),
    signup_fail_text: z.string().max(1000, 'common:validation.tooLong'),
  })
  .refine((v) => !v.is_signup || v.signup_code !== '', { message: 'setup:validation.signupCode', path: ['signup_code'] });

/** The sign-up tab: the location's sign-up code and messages. */
export function SignupForm({ setting, location }: { setting: LocationSettingData; location: LocationData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const client = useClient();
  const errorText = useFieldError();
  const [hint, setHint] = useState<string | null>(null);
  const [, saveCode] = useMutation(UpdateLocationSignupCodeMutation);
  const [, save] = useMutation(SaveSignupSettingsMutation);
  const defaults = {
    is_signup: Boolean(location.is_signup),
    signup_code: location.signup_code ?? '',
    expiry_time: setting.expiry_time ?? undefined,
    signup_pin_code_expiry: setting.signup_pin_code_expiry ?? undefined,
    signup_success_text: setting.signup_success_text ?? '',
    signup_fail_text: setting.signup_fail_text ?? '',
  };
  const { control, handleSubmit, formState, setError, clearErrors } = useForm<z.infer<typeof signupSchema>>({
    resolver: zodResolver(signupSchema),
    defaultValues: defaults,
  });
  async function check(code: string) {
    setHint(null);
    if (!code.trim()) return;
    const r = await client
      .query(CheckLocationCodeQuery, { signup_code: code.trim(), id: location.id }, { requestPolicy: 'network-only' })
      .toPromise();
    const a = r.data?.checkLocationCode;
    if (!a) return;
    if (a.available) {
      clearErrors('signup_code');
      setHint(t('setup:locations.codeAvailable'));
    } else setError('signup_code', { type: 'server', message: a.message });
  }
  return (
    <SettingsSection title={t('setup:settings.tabs.signup')} lead={t('setup:settings.signupLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.tabs.signup')}
        onSubmit={handleSubmit(async (v) => {
          const fields = fieldsOf(defaults);
          const c = await saveCode(
            { location_id: location.id, is_signup: v.is_signup, signup_code: v.signup_code.trim() || null },
            SETTINGS_CONTEXT,
          );
          if (!finish(c.error, c.data?.updateLocationSignupCode, { setError, fields })) return;
          const r = await save({
            location_id: location.id,
            expiry_time: v.expiry_time ?? null,
            signup_pin_code_expiry: v.signup_pin_code_expiry ?? null,
            signup_success_text: v.signup_success_text || null,
            signup_fail_text: v.signup_fail_text || null,
          });
          finish(r.error, r.data?.saveSignupSettings, { setError, fields });
        })}
      >
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Controller
              control={control}
              name="is_signup"
              render={({ field }) => (
                <Switch
                  mt="md"
                  label={t('setup:fields.isSignup')}
                  checked={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.checked)}
                />
              )}
            />
            <Controller
              control={control}
              name="signup_code"
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('setup:fields.signupCode')}
                  value={field.value}
                  onChange={(e) => field.onChange(e.currentTarget.value)}
                  onBlur={() => {
                    field.onBlur();
                    void check(field.value);
                  }}
                  description={!fieldState.error && hint ? hint : undefined}
                  error={errorText(fieldState.error)}
                />
              )}
            />
            <NumberField
              control={control}
              name="expiry_time"
              label={t('setup:settings.expiryTime')}
              description={t('setup:settings.hours')}
              min={0}
            />
            <NumberField
              control={control}
              name="signup_pin_code_expiry"
              label={t('setup:settings.pinExpiry')}
              description={t('setup:settings.minutes')}
              min={0}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="signup_success_text"
            render={({ field, fieldState }) => (
              <Textarea
                label={t('setup:settings.successText')}
                value={field.value}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                error={errorText(fieldState.error)}
                autosize
                minRows={2}
              />
            )}
          />
          <Controller
            control={control}
            name="signup_fail_text"
            render={({ field, fieldState }) => (
              <Textarea
                label={t('setup:settings.failText')}
                value={field.value}
                onChange={(e) => field.onChange(e.currentTarget.value)}
                error={errorText(fieldState.error)}
                autosize
                minRows={2}
              />
            )}
          />
          <SaveRow busy={formState.isSubmitting} />
        </Stack>
      </form>
    </SettingsSection>
  );
}
