import { MultiSelect } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { useFieldError, type BaseFieldProps } from '../../../components/form/field-base';

/** A multi-select bound to a form field holding ids. */
export function MultiSelectField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  disabled,
  data,
  testId,
}: BaseFieldProps<T> & { data: { value: string; label: string }[]; testId?: string }) {
  const errorText = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <MultiSelect
          name={field.name}
          ref={field.ref}
          value={(field.value as string[] | undefined) ?? []}
          onChange={field.onChange}
          onBlur={field.onBlur}
          data={data}
          label={label}
          description={description}
          disabled={disabled}
          searchable
          clearable
          withAsterisk={required}
          error={errorText(fieldState.error)}
          comboboxProps={{ withinPortal: true }}
          data-testid={testId}
        />
      )}
    />
  );
}
