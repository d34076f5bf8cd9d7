import { TextInput, type TextInputProps } from '@mantine/core';
import { Controller, type FieldValues } from 'react-hook-form';
import { useFieldError, type BaseFieldProps } from './field-base';

type TextLikeProps = Pick<TextInputProps, 'type' | 'autoComplete' | 'placeholder' | 'inputMode' | 'autoFocus' | 'maxLength'>;

export function TextField<T extends FieldValues>({
  control,
  name,
  label,
  required,
  description,
  disabled,
  rules,
  ...input
}: BaseFieldProps<T> & TextLikeProps) {
  const errorText = useFieldError();
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <TextInput
          {...input}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          label={label}
          description={description}
          disabled={disabled}
          withAsterisk={required}
          aria-required={required || undefined}
          error={errorText(fieldState.error)}
        />
      )}
    />
  );
}
