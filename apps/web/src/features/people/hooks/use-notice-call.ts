import type { CombinedError } from '@urql/core';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';

/**
 * Finishes a mutation: the server's field errors go on the form, other errors and the result's
 * notice are shown; true when the server said status true.
 */
export function useFinish() {
  const { t } = useTranslation(['people', 'common']);
  return function finish<T extends FieldValues = FieldValues>(
    error: CombinedError | undefined,
    payload: NoticeTriple | null | undefined,
    form?: { setError: UseFormSetError<T>; fields: readonly Path<T>[] },
  ): boolean {
    if (reportMutationError(error, t, form)) return false;
    if (!payload) return false;
    showNotice(payload);
    return payload.status;
  };
}
