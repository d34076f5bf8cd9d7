import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, SimpleGrid } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Controller, useForm } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field';
import { useFieldError } from '../../../components/form/field-base';
import { addPermissionSchema, type AddPermissionValues } from './add-permission-form.schema';

/** Adds a permission (created when new) to the chosen roles. */
export function AddPermissionForm({
  roles,
  onSubmit,
}: {
  roles: { value: string; label: string }[];
  onSubmit(values: AddPermissionValues): Promise<boolean>;
}) {
  const { t } = useTranslation(['access', 'common']);
  const errorText = useFieldError();
  const { control, handleSubmit, reset, formState } = useForm<AddPermissionValues>({
    resolver: zodResolver(addPermissionSchema),
    defaultValues: { permission: '', display_name: '', roles: [] },
  });
  return (
    <form
      noValidate
      aria-label={t('access:permissions.addTitle')}
      onSubmit={handleSubmit(async (values) => {
        if (await onSubmit(values)) reset();
      })}
    >
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="sm">
        <TextField
          control={control}
          name="permission"
          label={t('access:permissions.name')}
          description={t('access:permissions.nameHint')}
          required
        />
        <TextField control={control} name="display_name" label={t('access:permissions.displayName')} />
        <Controller
          control={control}
          name="roles"
          render={({ field, fieldState }) => (
            <MultiSelect
              label={t('access:permissions.roles')}
              data={roles}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              withAsterisk
              error={errorText(fieldState.error)}
              comboboxProps={{ withinPortal: true }}
              data-testid="add-permission-roles"
            />
          )}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={formState.isSubmitting} data-testid="add-permission-submit">
          {t('access:permissions.addSubmit')}
        </Button>
      </Group>
    </form>
  );
}
