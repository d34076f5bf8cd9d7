import { Select } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { useFieldError, type BaseFieldProps } from './field-base';

export function SelectField<T extends FieldValues>({
  control,
  name,
  rules,
  label,
  required,
  description,
  disabled,
  data,
}: BaseFieldProps<T> & { data: { value: string; label: string }[] }) {
  const errorText = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <Select
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          data={data}
          label={label}
          description={description}
          disabled={disabled}
          allowDeselect={false}
          withAsterisk={required}
          aria-required={required || undefined}
          error={errorText(fieldState.error)}
        />
      )}
    />
  );
}
