import { Stack, Textarea } from '@mantine/core';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFieldError } from '../../../components/form/field-base';
import { ChildrenPicker, StaffPicker } from '../components/tag-pickers';
import type { PhotoFormValues } from './photo-form.schema';

interface Props {
  control: Control<PhotoFormValues>;
  album: string;
  locationId: string | null;
  known?: { students: { id: string; name: string }[]; staff: { id: string; name: string }[] };
}

/** Caption, tagged children (students album only) and tagged staff: shared by the upload and edit forms. */
export function PhotoFields({ control, album, locationId, known }: Props) {
  const { t } = useTranslation('photos');
  const errorText = useFieldError();
  return (
    <Stack gap="sm">
      <Controller
        control={control}
        name="caption"
        render={({ field, fieldState }) => (
          <Textarea
            label={t('form.caption')}
            name={field.name}
            ref={field.ref}
            value={field.value}
            onChange={(e) => field.onChange(e.currentTarget.value)}
            onBlur={field.onBlur}
            autosize
            minRows={2}
            maxRows={5}
            error={errorText(fieldState.error)}
            data-testid="photo-caption-input"
          />
        )}
      />
      {album === 'students' ? (
        <Controller
          control={control}
          name="students"
          render={({ field, fieldState }) => (
            <ChildrenPicker
              locationId={locationId}
              value={field.value}
              onChange={field.onChange}
              known={known?.students}
              error={errorText(fieldState.error)}
            />
          )}
        />
      ) : null}
      <Controller
        control={control}
        name="staff"
        render={({ field, fieldState }) => (
          <StaffPicker
            locationId={locationId}
            value={field.value}
            onChange={field.onChange}
            known={known?.staff}
            error={errorText(fieldState.error)}
          />
        )}
      />
    </Stack>
  );
}
