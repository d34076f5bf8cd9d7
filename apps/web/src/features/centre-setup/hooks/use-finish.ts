import type { CombinedError } from '@urql/core';
import { useTranslation } from 'react-i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { reportMutationError } from '../../../lib/mutation-feedback';
import { showNotice, type NoticeTriple } from '../../../lib/notices';

/**
 * Turns a mutation's answer into feedback: field errors on the form, anything else as a notice,
 * the server's own notice on success. Resolves to the payload when it succeeded, else null.
 */
export function useFinish() {
  const { t } = useTranslation(['setup', 'common']);
  return function finish<P extends NoticeTriple, T extends FieldValues = FieldValues>(
    error: CombinedError | undefined,
    payload: P | undefined,
    form?: { setError: UseFormSetError<T>; fields: readonly Path<T>[] },
  ): P | null {
    if (reportMutationError(error, t, form)) return null;
    if (!payload) return null;
    showNotice(payload);
    return payload.status ? payload : null;
  };
}
