import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { fieldErrors, hasErrorCode, retryAfterSeconds, type GraphqlFailure } from './graphql-errors';
import { showMessage, type NoticeTriple } from './notices';

/**
 * A sign-in page's notice for a `THROTTLED` answer: the wait, kept on the page beside the form,
 * which keeps what was typed. Null for any other answer.
 */
export function throttledNotice(error: GraphqlFailure | undefined, t: TFunction): NoticeTriple | null {
  const seconds = retryAfterSeconds(error);
  return seconds === null ? null : { status: false, color: 'warning', message: t('common:errors.throttled', { seconds }) };
}

/**
 * Puts the server's field errors (`BAD_USER_INPUT` + `extensions.field`) on the form and shows
 * everything else as one notice. Returns true when there was an error.
 */
export function reportMutationError<T extends FieldValues>(
  error: GraphqlFailure | undefined,
  t: TFunction,
  form?: { setError: UseFormSetError<T>; fields: readonly Path<T>[] },
): boolean {
  if (!error) return false;
  if (error.networkError && error.graphQLErrors.length === 0) {
    showMessage(t('common:errors.network'), false);
    return true;
  }
  const seconds = retryAfterSeconds(error);
  if (seconds !== null) {
    showMessage(t('common:errors.throttled', { seconds }), false);
    return true;
  }
  if (hasErrorCode(error, 'FORBIDDEN')) {
    showMessage(t('common:errors.forbidden'), false);
    return true;
  }
  const byField = fieldErrors(error);
  const placed = new Set<string>();
  if (form) {
    for (const [field, message] of Object.entries(byField)) {
      if ((form.fields as readonly string[]).includes(field)) {
        form.setError(field as Path<T>, { type: 'server', message });
        placed.add(field);
      }
    }
  }
  const rest = error.graphQLErrors.filter((e) => !(typeof e.extensions?.field === 'string' && placed.has(e.extensions.field)));
  if (rest.length > 0) showMessage(rest.map((e) => e.message).join(' '), false);
  return true;
}
