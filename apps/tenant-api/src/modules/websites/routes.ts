import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as repo from './repo.ts';

const SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;
const PAGE = /^[a-z0-9][a-z0-9-]{0,79}$/;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function document(title: string, main: string, lang = 'en'): string {
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:46rem;margin:0 auto;padding:1.5rem;line-height:1.55;color:#1f2933}nav a{margin-right:1rem}h1{line-height:1.2}</style>
</head><body>${main}</body></html>`;
}

function notFound(reply: FastifyReply, offline: boolean) {
  const title = offline ? 'This site is offline' : 'Page not found';
  const text = offline ? 'This site is not available at the moment.' : 'There is no page at this address.';
  return reply
    .code(404)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(document(title, `<main><h1>${title}</h1><p>${text}</p></main>`));
}

/**
 * `GET /site/:slug` and `/site/:slug/:page` on a centre host: the centre's public website or blog,
 * rendered as a plain page. A site the platform holds offline (the directory entry's
 * `offline_sites`) answers 404, as does an unpublished or unknown one.
 */
export async function websiteRoutes(app: FastifyInstance): Promise<void> {
  const serve = async (slug: string, page: string, request: FastifyRequest, reply: FastifyReply) => {
    if (!SLUG.test(slug) || (page !== '' && !PAGE.test(page))) return notFound(reply, false);
    if (request.tenant.offline_sites?.includes(slug)) return notFound(reply, true);
    const site = await repo.publishedSite(await request.tenantDb(), slug);
    const shown = site?.pages.find((p) => p.path === page);
    if (!site || !shown) return notFound(reply, false);
    const nav = site.pages.map((p) => `<a href="/site/${site.slug}${p.path ? `/${p.path}` : ''}">${escape(p.title)}</a>`).join('');
    const body = shown.body
      .split(/\n{2,}/)
      .map((para) => `<p>${escape(para.trim())}</p>`)
      .join('');
    const heading = page === '' ? site.title : `${shown.title} · ${site.title}`;
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(
        document(
          heading,
          `<header><p>${escape(request.tenant.name)}</p><nav>${nav}</nav></header><main><h1>${escape(shown.title)}</h1>${body}</main>`,
        ),
      );
  };
  app.get<{ Params: { slug: string } }>('/site/:slug', (request, reply) => serve(request.params.slug, '', request, reply));
  app.get<{ Params: { slug: string; page: string } }>('/site/:slug/:page', (request, reply) =>
    serve(request.params.slug, request.params.page, request, reply),
  );
}
