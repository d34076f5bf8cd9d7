import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { registerSecurityHeaders, securityHeaders } from './http-hardening.ts';

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
});
