import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack } from '@mantine/core';
import { useForm, useWatch, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../components/form/checkbox-field';
import { PasswordField } from '../../../components/form/password-field';
import { SelectField } from '../../../components/form/select-field';
import { TextField } from '../../../components/form/text-field';
import { STREAM_TYPES, streamFormSchema, type StreamFormValues } from './stream-form.schema';

/** A streaming server: type, where players fetch the streams, the control API and its secret. */
export function StreamForm({
  defaults,
  editing,
  hasSecret,
  locations,
  onSubmit,
  onCancel,
}: {
  defaults: StreamFormValues;
  editing: boolean;
  hasSecret: boolean;
  locations: { value: string; label: string }[];
  onSubmit(values: StreamFormValues, setError: UseFormSetError<StreamFormValues>): Promise<void>;
  onCancel(): void;
}) {
  const { t } = useTranslation(['cameras', 'common']);
  const { control, handleSubmit, setError, formState } = useForm<StreamFormValues>({
    resolver: zodResolver(streamFormSchema),
    defaultValues: defaults,
  });
  const type = useWatch({ control, name: 'type' });
  return (
    <form noValidate aria-label={t('cameras:servers.formLabel')} onSubmit={handleSubmit((v) => onSubmit(v, setError))}>
      <Stack gap="sm">
        <TextField control={control} name="name" label={t('cameras:servers.name')} required />
        <SelectField
          control={control}
          name="type"
          label={t('cameras:servers.type')}
          required
          data={STREAM_TYPES.map((v) => ({ value: v, label: t(`cameras:servers.types.${v}`) }))}
        />
        <TextField
          control={control}
          name="base_url"
          label={t('cameras:servers.baseUrl')}
          description={type === 'dev' ? t('cameras:servers.baseUrlDevHint') : t('cameras:servers.baseUrlHint')}
          required
        />
        <TextField control={control} name="api_url" label={t('cameras:servers.apiUrl')} description={t('cameras:servers.apiUrlHint')} />
        <PasswordField
          control={control}
          name="secret"
          label={t('cameras:servers.secret')}
          description={editing && hasSecret ? t('cameras:servers.secretKeep') : t('cameras:servers.secretHint')}
        />
        {editing && hasSecret ? <CheckboxField control={control} name="remove_secret" label={t('cameras:servers.removeSecret')} /> : null}
        {!editing ? (
          <SelectField
            control={control}
            name="location_id"
            label={t('cameras:servers.location')}
            data={[{ value: '', label: t('cameras:servers.wholeCentre') }, ...locations]}
          />
        ) : null}
        {!editing ? <CheckboxField control={control} name="is_default" label={t('cameras:servers.makeDefault')} /> : null}
        <CheckboxField control={control} name="status" label={t('cameras:servers.active')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={formState.isSubmitting} data-testid="stream-save">
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
