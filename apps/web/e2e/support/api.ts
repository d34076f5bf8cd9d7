import type { Page } from 'playwright-core';

interface GqlAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: Record<string, unknown> }[];
}

/** Calls the centre's GraphQL API from the page, as the page's signed-in user (journey setup and checks only). */
export async function api<T = Record<string, unknown>>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const answer = (await page.evaluate(
    async ([q, v]) => {
      const token = localStorage.getItem('app_token');
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify({ query: q, variables: v }),
      });
      return (await response.json()) as unknown;
    },
    [query, variables] as const,
  )) as GqlAnswer<T>;
  if (answer.errors?.length) throw new Error(`GraphQL: ${answer.errors.map((e) => e.message).join('; ')}`);
  return answer.data as T;
}
