import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Control, ControllerProps, FieldError, FieldValues, Path } from 'react-hook-form';

export interface BaseFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  /** Shows the spec's required marker. */
  required?: boolean;
  description?: ReactNode;
  disabled?: boolean;
  /** react-hook-form rules, for forms without a schema (messages are i18n keys). */
  rules?: ControllerProps<T>['rules'];
}

/** Client rules carry i18n keys; server errors (type `server`) carry the server's text. */
export function useFieldError() {
  const { t } = useTranslation('common');
  return (error: FieldError | undefined): string | undefined => {
    if (!error?.message) return undefined;
    return error.type === 'server' ? error.message : t(error.message);
  };
}
