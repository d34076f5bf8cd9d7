import type { CSSProperties } from 'react';
import type { GraphqlFailure } from '../../../lib/graphql-errors';

/**
 * A failed mutation split for a form: every typed error naming one of the form's fields (BAD_USER_INPUT,
 * SCHEDULE_OVERLAP, NO_EXPECTED_DAY, NOT_FOUND …) goes on that field; the rest is one message.
 */
export function splitErrors(
  error: GraphqlFailure | null | undefined,
  fields: readonly string[],
): { byField: Record<string, string>; general: string | null } {
  const byField: Record<string, string> = {};
  const rest: string[] = [];
  if (error?.networkError && error.graphQLErrors.length === 0) return { byField, general: error.networkError.message };
  for (const e of error?.graphQLErrors ?? []) {
    const field = e.extensions?.field;
    if (typeof field === 'string' && fields.includes(field) && !(field in byField)) byField[field] = e.message;
    else rest.push(e.message);
  }
  return { byField, general: rest.length ? rest.join(' ') : null };
}

/**
 * Field errors in the theme's readable `danger` text colour (Mantine's default error red is 3.3:1
 * on white): set on a form's modal content.
 */
export const READABLE_ERRORS = { '--mantine-color-error': 'var(--mantine-color-danger-text)' } as CSSProperties;
