import type { FastifyInstance } from 'fastify';
import { unsubscribeToken } from './service/unsubscribe.ts';

/**
 * RFC 8058 one-click unsubscribe: a mail client POSTs `List-Unsubscribe=One-Click` to the same
 * `/unsubscribe/<token>` URL the mail's link opens. Only POST is served here; a GET of that URL
 * falls through to the SPA, whose guest page asks the person to confirm.
 */
export async function unsubscribeRoutes(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
      done(null, body),
    );
    scope.post<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
      const token = String(request.params.token ?? '');
      if (token.length > 600) return reply.code(400).send({ error: 'This unsubscribe link is not valid.' });
      const email = await unsubscribeToken(await request.tenantDb(), token, 'one_click');
      if (!email) return reply.code(400).send({ error: 'This unsubscribe link is not valid.' });
      return reply.header('cache-control', 'no-store').send({ ok: true });
    });
  });
}
