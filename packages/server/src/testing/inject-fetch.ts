import type { FastifyInstance } from 'fastify';

/**
 * A `fetch` that answers through `app.inject` (no port, no network), with fixed headers added to
 * every request (the centre's Host). Lets suites written against fetch, such as graphql-http's
 * audit, run inside a unit test.
 */
export function injectFetch(app: FastifyInstance, fixedHeaders: Record<string, string> = {}): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url, 'http://localhost');
    const headers: Record<string, string> = { ...fixedHeaders };
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const res = await app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers,
      ...(init.body !== undefined && init.body !== null ? { payload: init.body as string } : {}),
    });
    const out = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      for (const v of Array.isArray(value) ? value : [value]) out.append(key, String(v));
    }
    const nullBody = res.statusCode === 204 || res.statusCode === 304;
    return new Response(nullBody ? null : res.rawPayload, { status: res.statusCode, headers: out });
  }) as typeof fetch;
}
