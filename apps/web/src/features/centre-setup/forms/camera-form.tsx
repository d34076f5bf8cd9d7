import { zodResolver } from '@hookform/resolvers/zod';
import {
  Autocomplete,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
import { useClient, useQuery } from 'urql';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form/text-field';
import { useFieldError } from '../../../components/form/field-base';
import { CheckCameraColorQuery, SuggestColorsQuery } from '../api/cameras.query';
import type { CameraData, ScheduleData } from '../api/fragments';
import { ScheduleDatesEditor } from '../components/schedule-dates-editor';
import { HEX } from './location-form.schema';
import { scheduleDatesSchema, toDateInputs } from './schedule-dates';

export function cameraFormSchema(scheduleRequired: boolean) {
  return z
    .object({
      name: z.string().trim().min(1, 'common:validation.required').max(150, 'common:validation.tooLong'),
      code: z.string().trim().min(1, 'common:validation.required').max(255, 'common:validation.tooLong'),
      color_code: z
        .string()
        .trim()
        .min(1, 'common:validation.required')
        .refine((v) => HEX.test(v), 'setup:validation.colour'),
      camera_id: z.string().trim().max(100, 'common:validation.tooLong'),
      status: z.boolean(),
      program_id: z.string(),
      groups: z.array(z.string()),
      schedule_name: z.string().trim().max(100, 'common:validation.tooLong'),
      scheduledates: scheduleDatesSchema,
    })
    .refine((v) => !scheduleRequired || v.schedule_name !== '', { message: 'common:validation.required', path: ['schedule_name'] })
    .refine((v) => v.scheduledates.length === 0 || v.schedule_name !== '', {
      message: 'setup:validation.scheduleName',
      path: ['schedule_name'],
    });
}

export type CameraFormValues = z.infer<ReturnType<typeof cameraFormSchema>>;
export const CAMERA_FIELDS = [
  'name',
  'code',
  'color_code',
  'camera_id',
  'status',
  'program_id',
  'groups',
  'schedule_name',
  'scheduledates',
] as const;

/** A camera: name, stream code and colour (required), device id, room, groups, on/off and its schedule. */
export function CameraForm({
  camera,
  locationId,
  rooms,
  groups,
  schedules,
  onSubmit,
  onCancel,
}: {
  camera: CameraData | null;
  locationId: string;
  rooms: { value: string; label: string }[];
  groups: { value: string; label: string }[];
  schedules: ScheduleData[];
  onSubmit(values: CameraFormValues, setError: UseFormSetError<CameraFormValues>): Promise<boolean>;
  onCancel(): void;
}) {
  const { t } = useTranslation(['setup', 'common']);
  const errorText = useFieldError();
  const client = useClient();
  const [colourHint, setColourHint] = useState<string | null>(null);
  const [{ data: suggested }] = useQuery({
    query: SuggestColorsQuery,
    variables: { location_id: locationId, count: 6 },
    requestPolicy: 'network-only',
  });
  const { control, handleSubmit, formState, setError, clearErrors, setValue } = useForm<CameraFormValues>({
    resolver: zodResolver(cameraFormSchema(camera !== null)),
    defaultValues: {
      name: camera?.name ?? '',
      code: camera?.code ?? '',
      color_code: camera?.color_code ?? '',
      camera_id: camera?.camera_id ?? '',
      status: camera?.status ?? true,
      program_id: camera?.program_id ?? '',
      groups: camera?.groups.map((g) => g.id) ?? [],
      schedule_name: camera?.schedule?.name ?? '',
      scheduledates: toDateInputs(camera?.schedule?.scheduledates ?? []),
    },
  });

  async function checkColour(colour: string) {
    setColourHint(null);
    if (!HEX.test(colour)) return;
    const r = await client
      .query(
        CheckCameraColorQuery,
        { location_id: locationId, color_code: colour, id: camera?.id ?? null },
        { requestPolicy: 'network-only' },
      )
      .toPromise();
    const answer = r.data?.checkCameraColor;
    if (!answer) return;
    if (answer.available) {
      clearErrors('color_code');
      setColourHint(t('setup:cameras.colourAvailable'));
    } else setError('color_code', { type: 'server', message: answer.message });
  }

  return (
    <form
      noValidate
      aria-label={camera ? t('setup:cameras.editTitle') : t('setup:cameras.createTitle')}
      onSubmit={handleSubmit(async (values) => void (await onSubmit(values, setError)))}
      data-testid="camera-form"
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextField control={control} name="name" label={t('setup:fields.name')} required />
          <TextField control={control} name="code" label={t('setup:fields.code')} description={t('setup:cameras.codeHint')} required />
          <Controller
            control={control}
            name="color_code"
            render={({ field, fieldState }) => (
              <ColorInput
                label={t('setup:fields.colour')}
                value={field.value}
                onChange={(v) => {
                  field.onChange(v);
                  setColourHint(null);
                }}
                onBlur={() => {
                  field.onBlur();
                  void checkColour(field.value);
                }}
                format="hex"
                withAsterisk
                aria-required
                description={!fieldState.error && colourHint ? colourHint : undefined}
                error={errorText(fieldState.error)}
                eyeDropperButtonProps={{ 'aria-label': t('setup:fields.eyeDropper') }}
                data-testid="camera-colour"
              />
            )}
          />
          <TextField control={control} name="camera_id" label={t('setup:fields.cameraId')} />
        </SimpleGrid>
        {suggested?.suggestcolors.length ? (
          <Group gap="xs" aria-label={t('setup:cameras.suggested')} role="group">
            <Text size="xs" c="dimmed">
              {t('setup:cameras.suggested')}
            </Text>
            {suggested.suggestcolors.map((colour) => (
              <UnstyledButton
                key={colour}
                aria-label={t('setup:cameras.useColour', { colour })}
                onClick={() => {
                  setValue('color_code', colour, { shouldValidate: true });
                  void checkColour(colour);
                }}
                data-testid="suggested-colour"
              >
                <ColorSwatch color={colour} size={22} />
              </UnstyledButton>
            ))}
          </Group>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Controller
            control={control}
            name="program_id"
            render={({ field, fieldState }) => (
              <Select
                label={t('setup:fields.room')}
                data={[{ value: '', label: t('setup:cameras.commonArea') }, ...rooms]}
                value={field.value}
                onChange={(v) => field.onChange(v ?? '')}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={errorText(fieldState.error)}
              />
            )}
          />
          <Controller
            control={control}
            name="groups"
            render={({ field, fieldState }) => (
              <MultiSelect
                label={t('setup:fields.groups')}
                data={groups}
                value={field.value}
                onChange={field.onChange}
                comboboxProps={{ withinPortal: true }}
                error={errorText(fieldState.error)}
              />
            )}
          />
        </SimpleGrid>
        <Controller
          control={control}
          name="status"
          render={({ field }) => (
            <Switch label={t('setup:fields.cameraOn')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} />
          )}
        />
        <Text component="h3" fw={600} size="sm" mt="sm">
          {t('setup:cameras.scheduleTitle')}
        </Text>
        <Controller
          control={control}
          name="schedule_name"
          render={({ field, fieldState }) => (
            <Autocomplete
              label={t('setup:fields.scheduleName')}
              description={t('setup:cameras.scheduleHint')}
              data={[...new Set(schedules.map((s) => s.name))]}
              value={field.value}
              onChange={(v) => {
                field.onChange(v);
                const existing = schedules.find((s) => s.name === v);
                if (existing) setValue('scheduledates', toDateInputs(existing.scheduledates));
              }}
              onBlur={field.onBlur}
              withAsterisk={camera !== null}
              aria-required={camera !== null || undefined}
              comboboxProps={{ withinPortal: true }}
              error={errorText(fieldState.error)}
              data-testid="camera-schedule-name"
            />
          )}
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
          <Button type="submit" loading={formState.isSubmitting} data-testid="camera-submit">
            {t('setup:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
