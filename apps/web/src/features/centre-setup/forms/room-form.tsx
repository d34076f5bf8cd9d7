import { zodResolver } from '@hookform/resolvers/zod';
import { Button, ColorInput, Group, Select, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Controller, useForm, type UseFormSetError } from 'react-hook-form';
import { z } from '../../../lib/zod';
import { TextField } from '../../../components/form/text-field';
import { useFieldError } from '../../../components/form/field-base';
import type { RoomData } from '../api/fragments';
import { HEX } from './location-form.schema';

export const roomFormSchema = z.object({
  name: z.string().trim().min(1, 'common:validation.required').max(150, 'common:validation.tooLong'),
  color_code: z
    .string()
    .trim()
    .refine((v) => v === '' || HEX.test(v), 'setup:validation.colour'),
  camera_group_id: z.string(),
});

export type RoomFormValues = z.infer<typeof roomFormSchema>;
export const ROOM_FIELDS = ['name', 'color_code', 'camera_group_id'] as const;

/** A room (program): name (required), colour and the camera group whose cameras it shows. */
export function RoomForm({
  room,
  groups,
  label,
  onSubmit,
  onCancel,
}: {
  room: RoomData | null;
  groups: { value: string; label: string }[];
  label: string;
  onSubmit(values: RoomFormValues, setError: UseFormSetError<RoomFormValues>): Promise<boolean>;
  onCancel(): void;
}) {
  const { t } = useTranslation(['setup', 'common']);
  const errorText = useFieldError();
  const { control, handleSubmit, formState, setError } = useForm<RoomFormValues>({
    resolver: zodResolver(roomFormSchema),
    defaultValues: { name: room?.name ?? '', color_code: room?.color_code ?? '', camera_group_id: room?.camera_group_id ?? '' },
  });
  return (
    <form
      noValidate
      aria-label={label}
      onSubmit={handleSubmit(async (values) => void (await onSubmit(values, setError)))}
      data-testid="room-form"
    >
      <Stack gap="sm">
        <TextField control={control} name="name" label={t('setup:fields.name')} required />
        <Controller
          control={control}
          name="color_code"
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
        <Controller
          control={control}
          name="camera_group_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('setup:fields.cameraGroup')}
              data={[{ value: '', label: t('setup:rooms.noGroup') }, ...groups]}
              value={field.value}
              onChange={(v) => field.onChange(v ?? '')}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              error={errorText(fieldState.error)}
            />
          )}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="room-submit">
            {t('setup:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
