import { Checkbox } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { useFieldError, type BaseFieldProps } from './field-base';

export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
  description,
  disabled,
  rules,
}: Omit<BaseFieldProps<T>, 'required'>) {
  const errorText = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <Checkbox
          name={field.name}
          ref={field.ref}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          label={label}
          description={description}
          disabled={disabled}
          error={errorText(fieldState.error)}
        />
      )}
    />
  );
}
