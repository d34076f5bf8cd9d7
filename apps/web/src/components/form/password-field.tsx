import { useTranslation } from 'react-i18next';
import { Controller, type FieldValues } from 'react-hook-form';
import { useFieldError, type BaseFieldProps } from './field-base';
import { PasswordInput } from './password-input';

export function PasswordField<T extends FieldValues>({
  control,
  name,
  rules,
  label,
  required,
  description,
  disabled,
  autoComplete = 'current-password',
}: BaseFieldProps<T> & { autoComplete?: string }) {
  const errorText = useFieldError();
  const { t } = useTranslation('common');
  return (
    <Controller
      control={control}
      name={name}
      rules={rules}
      render={({ field, fieldState }) => (
        <PasswordInput
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => field.onChange(event.currentTarget.value)}
          onBlur={field.onBlur}
          label={label}
          description={description}
          disabled={disabled}
          autoComplete={autoComplete}
          withAsterisk={required}
          aria-required={required || undefined}
          error={errorText(fieldState.error)}
          toggleLabel={t('common:form.togglePassword')}
        />
      )}
    />
  );
}
