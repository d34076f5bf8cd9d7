import { zodResolver } from '@hookform/resolvers/zod';
import { MultiSelect, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Controller, useForm } from 'react-hook-form';
import { useMutation } from 'urql';
import { z } from '../../../lib/zod';
import { isParentEditableStudentField, PARENT_EDITABLE_STUDENT_FIELDS } from '@kv/shared';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { useFieldError } from '../../../components/form/field-base';
import type { LocationSettingData } from '../api/fragments';
import { SaveParentSettingsMutation } from '../api/locations.mutation';
import { useFinish } from '../hooks/use-finish';
import { fieldsOf, SaveRow, SettingsSection } from './settings-section';

const parentsSchema = z.object({
  can_edit_student: z.boolean(),
  can_edit_fields: z.array(z.enum(PARENT_EDITABLE_STUDENT_FIELDS)),
  parent_directory_visibility: z.boolean(),
});

/** The parents tab: the parent directory and which student fields parents may edit. */
export function ParentsForm({ setting }: { setting: LocationSettingData }) {
  const { t } = useTranslation(['setup', 'common']);
  const finish = useFinish();
  const errorText = useFieldError();
  const [, save] = useMutation(SaveParentSettingsMutation);
  const defaults = {
    can_edit_student: setting.can_edit_student,
    can_edit_fields: setting.can_edit_fields.filter(isParentEditableStudentField),
    parent_directory_visibility: setting.parent_directory_visibility,
  };
  const { control, handleSubmit, formState, setError } = useForm<z.infer<typeof parentsSchema>>({
    resolver: zodResolver(parentsSchema),
    defaultValues: defaults,
  });
  return (
    <SettingsSection title={t('setup:settings.tabs.parents')} lead={t('setup:settings.parentsLead')}>
      <form
        noValidate
        aria-label={t('setup:settings.tabs.parents')}
        onSubmit={handleSubmit(async (v) => {
          const r = await save({ location_id: setting.location_id, ...v });
          finish(r.error, r.data?.saveParentSettings, { setError, fields: fieldsOf(defaults) });
        })}
      >
        <Stack gap="sm">
          <CheckboxField control={control} name="parent_directory_visibility" label={t('setup:settings.directoryVisible')} />
          <CheckboxField control={control} name="can_edit_student" label={t('setup:settings.canEditStudent')} />
          <Controller
            control={control}
            name="can_edit_fields"
            render={({ field, fieldState }) => (
              <MultiSelect
                label={t('setup:settings.canEditFields')}
                data={PARENT_EDITABLE_STUDENT_FIELDS.map((f) => ({ value: f, label: t(`setup:studentFields.${f}`) }))}
                value={field.value}
                onChange={field.onChange}
                searchable
                comboboxProps={{ withinPortal: true }}
                error={errorText(fieldState.error)}
              />
            )}
          />
          <SaveRow busy={formState.isSubmitting} />
        </Stack>
      </form>
    </SettingsSection>
  );
}
