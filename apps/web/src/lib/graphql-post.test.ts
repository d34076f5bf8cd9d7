import { describe, expect, it, vi } from 'vitest';
import { errorCodes } from './graphql-errors';
import { GRAPHQL_ENDPOINT, requestGraphql, type GraphqlDocument } from './graphql-post';

const ECHO = 'query Echo($text: String!) { echo(text: $text) }' as GraphqlDocument<{ echo: string }, { text: string }>;

function answer(body: string, init: ResponseInit = {}) {
  return vi.fn<typeof fetch>(async () => new Response(body, { headers: { 'content-type': 'application/json' }, ...init }));
}

describe('requestGraphql (the guest path without urql)', () => {
  it('posts JSON, which the server’s CSRF prevention accepts without a preflight header', async () => {
    const fetchImpl = answer('{"data":{"echo":"hi"}}');
    const result = await requestGraphql(ECHO, { text: 'hi' }, fetchImpl);
    expect(result).toEqual({ data: { echo: 'hi' }, error: undefined });
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe(GRAPHQL_ENDPOINT);
    expect(init?.method).toBe('POST');
    expect((init?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(JSON.parse(init?.body as string)).toEqual({ query: ECHO, variables: { text: 'hi' } });
  });

  it('keeps the server’s errors, codes and all, whatever the HTTP status (as urql does)', async () => {
    const body = { data: null, errors: [{ message: 'Try again in 30 s.', extensions: { code: 'THROTTLED', retryAfter: 30 } }] };
    const throttled = await requestGraphql(ECHO, { text: 'x' }, answer(JSON.stringify(body)));
    expect(throttled.error?.networkError).toBeUndefined();
    expect(errorCodes(throttled.error)).toEqual(['THROTTLED']);
    // A document refused before it ran answers 429: still a GraphQL error with its wait.
    const refused = await requestGraphql(ECHO, { text: 'x' }, answer(JSON.stringify(body), { status: 429 }));
    expect(refused.error?.networkError).toBeUndefined();
    expect(refused.error?.graphQLErrors[0]?.extensions?.retryAfter).toBe(30);

    const unavailable = {
      data: null,
      errors: [{ message: 'This centre is temporarily unavailable.', extensions: { code: 'CENTRE_UNAVAILABLE' } }],
    };
    const down = await requestGraphql(ECHO, { text: 'x' }, answer(JSON.stringify(unavailable), { status: 503 }));
    expect(down.error?.networkError).toBeUndefined();
    expect(down.error?.graphQLErrors.map((e) => e.message)).toEqual(['This centre is temporarily unavailable.']);
  });

  it('answers a network error when there is no usable answer, never rejects', async () => {
    const offline = await requestGraphql(
      ECHO,
      { text: 'x' },
      vi.fn<typeof fetch>(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(offline.error?.networkError?.message).toBe('Failed to fetch');
    expect(offline.error?.graphQLErrors).toEqual([]);

    const proxy = await requestGraphql(ECHO, { text: 'x' }, answer('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    expect(proxy.error?.networkError?.message).toBe('Bad Gateway');

    const empty = await requestGraphql(ECHO, { text: 'x' }, answer('{}'));
    expect(empty.error?.networkError?.message).toBe('No Content');
    expect(empty.data).toBeUndefined();
  });
});
