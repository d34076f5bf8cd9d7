import type { TFunction } from 'i18next';
import { hasErrorCode, retryAfterSeconds, type GraphqlFailure } from '../../../lib/graphql-errors';

/** One line for a failed call, shown next to the file or the batch it concerns (not as a notice). */
export function graphqlErrorMessage(error: GraphqlFailure | null | undefined, t: TFunction): string {
  if (!error) return t('common:errors.network');
  if (error.networkError && error.graphQLErrors.length === 0) return t('common:errors.network');
  const seconds = retryAfterSeconds(error);
  if (seconds !== null) return t('common:errors.throttled', { seconds });
  if (hasErrorCode(error, 'FORBIDDEN')) return t('common:errors.forbidden');
  return error.graphQLErrors.map((e) => e.message).join(' ') || t('common:errors.network');
}
