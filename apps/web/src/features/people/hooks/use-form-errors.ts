import type { CombinedError } from '@urql/core';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors, hasErrorCode, retryAfterSeconds } from '../../../lib/graphql-errors';
import type { NoticeTriple } from '../../../lib/notices';

/**
 * For forms that show the server's answer next to themselves rather than as a notice: field errors
 * (`BAD_USER_INPUT` + `extensions.field`) go on their field, everything else comes back as one text
 * for an alert beside the form. Null when the call succeeded.
 */
export function useFormErrors() {
  const { t } = useTranslation(['people', 'common']);
  return function formError<T extends FieldValues>(
    error: CombinedError | undefined,
    payload: NoticeTriple | null | undefined,
    form?: { setError: UseFormSetError<T>; fields: readonly Path<T>[] },
  ): string | null {
    if (error) {
      if (error.networkError && error.graphQLErrors.length === 0) return t('common:errors.network');
      const seconds = retryAfterSeconds(error);
      if (seconds !== null) return t('common:errors.throttled', { seconds });
      if (hasErrorCode(error, 'FORBIDDEN')) return t('common:errors.forbidden');
      const placed = new Set<string>();
      if (form) {
        for (const [field, message] of Object.entries(fieldErrors(error))) {
          if ((form.fields as readonly string[]).includes(field)) {
            form.setError(field as Path<T>, { type: 'server', message });
            placed.add(field);
          }
        }
      }
      const rest = error.graphQLErrors.filter((e) => !(typeof e.extensions?.field === 'string' && placed.has(e.extensions.field)));
      return rest.length > 0 ? rest.map((e) => e.message).join(' ') : '';
    }
    if (!payload) return t('common:errors.network');
    return payload.status ? null : payload.message;
  };
}
