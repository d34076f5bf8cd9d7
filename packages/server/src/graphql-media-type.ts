/** The GraphQL-over-HTTP response media type; clients that accept it get it. */
export const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/**
 * Whether a client's Accept header takes `application/graphql-response+json` (not with q=0).
 * Its absence, `*\/*` or `application/json` alone keep the legacy `application/json` answer.
 */
export function prefersGraphqlResponse(accept: string | undefined): boolean {
  if (!accept) return false;
  const at = accept.indexOf('application/graphql-response+json');
  if (at < 0) return false;
  const end = accept.indexOf(',', at);
  const params = accept.slice(at, end < 0 ? undefined : end);
  return !/;\s*q\s*=\s*0(?:\.0*)?\s*(?:;|$)/.test(params);
}
