import { zodResolver } from '@hookform/resolvers/zod';
import { Button, ColorInput, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, TextInput as TextInputBase } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useClient, useQuery } from 'urql';
import { TextField } from '../../../components/form/text-field';
import { useFieldError } from '../../../components/form/field-base';
import type { LocationData } from '../api/fragments';
import { CheckLocationCodeQuery, CheckLocationNameQuery, ManagerOptionsQuery } from '../api/locations.query';
import { ScheduleDatesEditor } from '../components/schedule-dates-editor';
import { locationFormSchema, type LocationFormValues } from './location-form.schema';
import { toDateInputs } from './schedule-dates';

const TIMEZONES: string[] = (() => {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'UTC'];
  }
})();

export function locationDefaults(location: LocationData | null): LocationFormValues {
  return {
    name: location?.name ?? '',
    timezone: location?.timezone.value ?? 'America/New_York',
    email: location?.email ?? '',
    phone: location?.phone ?? '',
    address: location?.address ?? '',
    longitude: location?.longitude != null ? String(location.longitude) : '',
    latitude: location?.latitude != null ? String(location.latitude) : '',
    pin_url: location?.pin_url ?? '',
    map_url: location?.map_url ?? '',
    is_signup: location?.is_signup ?? false,
    signup_code: location?.signup_code ?? '',
    color: location?.color_code ?? '',
    managers: location?.managers.map((m) => m.id) ?? [],
    active: location?.active ?? true,
    schedule_name: location?.schedule?.name ?? '',
    scheduledates: toDateInputs(location?.schedule?.scheduledates ?? []),
  };
}

/** Create or edit a location: every field of spec §3, with name and signup code availability checks. */
export function LocationForm({
  location,
  onSubmit,
  onCancel,
}: {
  location: LocationData | null;
  onSubmit(values: LocationFormValues, setError: UseFormSetError<LocationFormValues>): Promise<boolean>;
  onCancel(): void;
}) {
  const { t } = useTranslation(['setup', 'common']);
  const errorText = useFieldError();
  const client = useClient();
  const [{ data: managerData }] = useQuery({ query: ManagerOptionsQuery });
  const [nameHint, setNameHint] = useState<string | null>(null);
  const [codeHint, setCodeHint] = useState<string | null>(null);
  const { control, handleSubmit, formState, setError, clearErrors } = useForm<LocationFormValues>({
    resolver: zodResolver(locationFormSchema),
    defaultValues: locationDefaults(location),
  });
  const isSignup = useWatch({ control, name: 'is_signup' });
  const managerOptions = useMemo(() => {
    const known = new Map((managerData?.getManagersList ?? []).map((m) => [m.id, m.full_name]));
    for (const m of location?.managers ?? []) if (!known.has(m.id)) known.set(m.id, m.full_name);
    return [...known].map(([value, label]) => ({ value, label }));
  }, [managerData, location]);

  async function checkName(name: string) {
    setNameHint(null);
    if (!name.trim()) return;
    const r = await client
      .query(CheckLocationNameQuery, { name: name.trim(), id: location?.id ?? null }, { requestPolicy: 'network-only' })
      .toPromise();
    const answer = r.data?.checkLocationName;
    if (!answer) return;
    if (answer.available) {
      clearErrors('name');
      setNameHint(t('setup:locations.nameAvailable'));
    } else setError('name', { type: 'server', message: answer.message });
  }

  async function checkCode(code: string) {
    setCodeHint(null);
    if (!code.trim()) return;
    const r = await client
      .query(CheckLocationCodeQuery, { signup_code: code.trim(), id: location?.id ?? null }, { requestPolicy: 'network-only' })
      .toPromise();
    const answer = r.data?.checkLocationCode;
    if (!answer) return;
    if (answer.available) {
      clearErrors('signup_code');
      setCodeHint(t('setup:locations.codeAvailable'));
    } else setError('signup_code', { type: 'server', message: answer.message });
  }

  return (
    <form
      noValidate
      aria-label={location ? t('setup:locations.editTitle') : t('setup:locations.createTitle')}
      onSubmit={handleSubmit(async (values) => {
        await onSubmit(values, setError);
      })}
      data-testid="location-form"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="name"
            render={({ field, fieldState }) => (
              <TextInputWithCheck
                label={t('setup:fields.name')}
                value={field.value}
                onChange={field.onChange}
                onBlur={() => {
                  field.onBlur();
                  void checkName(field.value);
                }}
                error={errorText(fieldState.error)}
                hint={nameHint}
                required
                testId="location-name"
              />
            )}
          />
          <Controller
            control={control}
            name="timezone"
            render={({ field, fieldState }) => (
              <Select
                label={t('setup:fields.timezone')}
                data={TIMEZONES}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                searchable
                allowDeselect={false}
                withAsterisk
                comboboxProps={{ withinPortal: true }}
                error={errorText(fieldState.error)}
              />
            )}
          />
          <TextField control={control} name="email" label={t('setup:fields.email')} type="email" />
          <TextField control={control} name="phone" label={t('setup:fields.phone')} type="tel" />
          <TextField control={control} name="address" label={t('setup:fields.address')} />
          <Controller
            control={control}
            name="color"
            render={({ field, fieldState }) => (
              <ColorInput
                label={t('setup:fields.colour')}
                value={field.value}
                onChange={field.onChange}
                format="hex"
                error={errorText(fieldState.error)}
                eyeDropperButtonProps={{ 'aria-label': t('setup:fields.eyeDropper') }}
              />
            )}
          />
          <TextField control={control} name="latitude" label={t('setup:fields.latitude')} inputMode="decimal" />
          <TextField control={control} name="longitude" label={t('setup:fields.longitude')} inputMode="decimal" />
          <TextField control={control} name="pin_url" label={t('setup:fields.pinUrl')} type="url" />
          <TextField control={control} name="map_url" label={t('setup:fields.mapUrl')} type="url" />
        </SimpleGrid>
        <Controller
          control={control}
          name="managers"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t('setup:fields.managers')}
              data={managerOptions}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              searchable
              withAsterisk
              comboboxProps={{ withinPortal: true }}
              error={errorText(fieldState.error)}
              data-testid="location-managers"
            />
          )}
        />
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
              <TextInputWithCheck
                label={t('setup:fields.signupCode')}
                value={field.value}
                onChange={field.onChange}
                onBlur={() => {
                  field.onBlur();
                  void checkCode(field.value);
                }}
                error={errorText(fieldState.error)}
                hint={codeHint}
                required={isSignup}
                testId="location-signup-code"
              />
            )}
          />
          {location ? (
            <Controller
              control={control}
              name="active"
              render={({ field }) => (
                <Switch label={t('setup:fields.active')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
              )}
            />
          ) : null}
        </SimpleGrid>
        <Text component="h3" fw={600} size="sm" mt="sm">
          {t('setup:locations.scheduleTitle')}
        </Text>
        <TextField
          control={control}
          name="schedule_name"
          label={t('setup:fields.scheduleName')}
          description={t('setup:locations.scheduleHint')}
        />
        <Controller
          control={control}
          name="scheduledates"
          render={({ field, fieldState }) => (
            <ScheduleDatesEditor
              label={t('setup:fields.scheduledates')}
              value={field.value}
              onChange={field.onChange}
              errors={(formState.errors.scheduledates as never) ?? (fieldState.error ? { message: fieldState.error.message } : undefined)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="location-submit">
            {t('setup:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function TextInputWithCheck({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  required,
  testId,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  onBlur(): void;
  error?: string;
  hint: string | null;
  required?: boolean;
  testId: string;
}) {
  return (
    <TextInputBase
      label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={onBlur}
      error={error}
      description={!error && hint ? hint : undefined}
      withAsterisk={required}
      aria-required={required || undefined}
      data-testid={testId}
    />
  );
}
