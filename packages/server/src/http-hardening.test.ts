import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { isUnderPath, registerSecurityHeaders, securityHeaders } from './http-hardening.ts';

describe('security headers', () => {
  it('are helmet’s, computed once: strict CSP, no sniffing, HSTS only in production', () => {
    const dev = securityHeaders(false);
    expect(dev['content-security-policy']).toContain("default-src 'self'");
    expect(dev['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(dev['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(dev['x-content-type-options']).toBe('nosniff');
    expect(dev['referrer-policy']).toBe('no-referrer');
    expect(dev['strict-transport-security']).toBeUndefined();
    const prod = securityHeaders(true);
    expect(prod['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(prod['content-security-policy']).toContain('upgrade-insecure-requests');
  });

  it('let images (only images) come from the extra image origins', () => {
    const csp = securityHeaders(false, [], false, ['http://localhost:3000'])['content-security-policy']!;
    expect(csp).toContain("img-src 'self' data: blob: http://localhost:3000");
    expect(csp).not.toMatch(/(connect|script|media)-src[^;]*localhost:3000/);
    expect(securityHeaders(false)['content-security-policy']).not.toContain('localhost:3000');
  });

  it('are on every answer, errors included, and a route may set its own', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, { production: false });
    app.get('/own', async (_req, reply) => reply.header('content-security-policy', "default-src 'none'").send('ok'));
    const missing = await app.inject({ url: '/nowhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect((await app.inject({ url: '/own' })).headers['content-security-policy']).toBe("default-src 'none'");
    await app.close();
  });

  it('give JSON API paths the API set: no caching, nothing runs or frames, no document-only headers', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, { production: true, apiPaths: ['/graphql'] });
    app.post('/graphql', async () => ({ data: null }));
    app.get('/graphql-docs', async () => 'page');
    const api = await app.inject({ method: 'POST', url: '/graphql?op=me' });
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    const page = await app.inject({ url: '/graphql-docs' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    await app.close();
  });

  it('match a path itself or with a query, not a longer path', () => {
    expect(isUnderPath('/graphql', '/graphql')).toBe(true);
    expect(isUnderPath('/graphql?x=1', '/graphql')).toBe(true);
    expect(isUnderPath('/graphqlx', '/graphql')).toBe(false);
    expect(isUnderPath('/graph', '/graphql')).toBe(false);
  });
});
