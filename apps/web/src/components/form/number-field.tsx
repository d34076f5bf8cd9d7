import { NumberInput } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { useFieldError, type BaseFieldProps } from './field-base';

export function NumberField<T extends FieldValues>({
  control,
  name,
  rules,
  label,
  required,
  description,
  disabled,
  min,
  max,
}: BaseFieldProps<T> & { min?: number; max?: number }) {
  const errorText = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <NumberInput
          name={field.name}
          ref={field.ref}
          value={(field.value as number | undefined) ?? ''}
          onChange={(value) => field.onChange(typeof value === 'number' ? value : value === '' ? undefined : Number(value))}
          onBlur={field.onBlur}
          label={label}
          description={description}
          disabled={disabled}
          min={min}
          max={max}
          allowDecimal={false}
          withAsterisk={required}
          aria-required={required || undefined}
          error={errorText(fieldState.error)}
        />
      )}
    />
  );
}
