import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';

type HelmetOptions = Parameters<typeof helmet>[0];

/**
 * The security headers of the SPA and the API (ASVS V3.4): a strict CSP that still lets the SPA
 * load its own chunks, hls.js use blob: workers and media, and Mantine inject its style tags.
 */
function helmetOptions(production: boolean, fileOrigins: readonly string[] = [], stripeJs = false, imageOrigins: readonly string[] = []): HelmetOptions {
  // Live card payments: Stripe.js from js.stripe.com, its frames and its API calls (issue 19).
  const stripe = stripeJs ? { script: ['https://js.stripe.com'], frame: ['https://js.stripe.com', 'https://hooks.stripe.com'], connect: ['https://api.stripe.com'] } : { script: [], frame: [], connect: [] };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...stripe.script],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...fileOrigins, ...imageOrigins],
        'font-src': ["'self'", 'data:'],
        'media-src': ["'self'", 'blob:', ...fileOrigins],
        'worker-src': ["'self'", 'blob:'],
        'connect-src': ["'self'", ...fileOrigins, ...stripe.connect],
        'frame-src': ["'self'", ...stripe.frame],
        'object-src': ["'none'"],
        'base-uri': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        ...(production ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * Helmet's headers, computed once. Our policy never varies per request (no nonces), and running
 * helmet's middleware on every request cost a tenth of a `{ __typename }` answer (bench
 * graphql-floor), so the middleware runs once against a recording response.
 */
export function securityHeaders(production: boolean, fileOrigins: readonly string[] = [], stripeJs = false, imageOrigins: readonly string[] = []): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(helmetOptions(production, fileOrigins, stripeJs, imageOrigins))({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * The headers of a JSON API answer (OWASP REST Security Cheat Sheet): nothing in it may run,
 * frame or be sniffed. The browser-document headers (COOP, origin-agent-cluster, the legacy IE
 * and Flash ones) mean nothing on JSON and were two thirds of a `{ __typename }` answer's bytes.
 */
export function apiSecurityHeaders(production: boolean): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    ...(production ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

export interface SecurityHeaderOptions {
  production: boolean;
  /** Paths answered with JSON only (exact, or followed by `?`): they get the API header set. */
  apiPaths?: readonly string[];
  /** Origins of the file store (S3) the SPA uploads to and reads images from. */
  fileOrigins?: readonly string[];
  /** Live card payments: allow Stripe.js (js.stripe.com) in the SPA's CSP. */
  stripeJs?: boolean;
  /** More origins images may come from (a centre host: the platform's template images, `<platform>/n/…`). */
  imageOrigins?: readonly string[];
}

/** `url` is `path` itself or `path?query`. */
export const isUnderPath = (url: string, path: string): boolean =>
  url.startsWith(path) && (url.length === path.length || url[path.length] === '?');

export async function registerSecurityHeaders(
  app: FastifyInstance,
  { production, apiPaths = [], fileOrigins = [], stripeJs = false, imageOrigins = [] }: SecurityHeaderOptions,
): Promise<void> {
  const documents = securityHeaders(production, fileOrigins, stripeJs, imageOrigins);
  const api = apiSecurityHeaders(production);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    reply.headers(apiPaths.some((path) => isUnderPath(url, path)) ? api : documents);
    done();
  });
}
