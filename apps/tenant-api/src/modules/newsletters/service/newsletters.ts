import { z } from 'zod';
import { ControlPlaneError } from '@kv/auth';
import { cleanNewsletterHtml, NEWSLETTER_HTML_MAX } from '@kv/messaging';
import { fields, parseArgs } from '@kv/server';
import type { RequestContext } from '../../../types.ts';
import { requireViewer } from '../../../core/access.ts';
import { id, pageArgs, paginated } from '../../../core/args.ts';
import { audit, diff } from '../../../core/audit.ts';
import { notice } from '../../../core/result.ts';
import { inTransaction } from '../../../core/tx.ts';
import * as repo from '../repo.ts';
import { newsletterScope } from '../policy.ts';
import { emptyTemplate, newsletterNotFound, templateUnavailable } from '../errors.ts';
import { publishNewsletterImages } from './images.ts';

export const TEMPLATES_CATALOGUE = 'newsletter-templates';

const tag = z.string().trim().min(1, 'A tag cannot be empty.').max(40, 'A tag must be at most 40 characters.');
const tagsArg = z.array(tag).max(20, 'At most 20 tags.').nullish().transform((v) => (v ? [...new Set(v.map((t) => t.toLowerCase()))] : v));
const html = z.string().max(NEWSLETTER_HTML_MAX, 'The newsletter is too large (at most 500,000 characters).');
const image = z
  .string()
  .trim()
  .max(500, 'The image address is too long.')
  .refine((v) => v === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(v), 'Use an http(s) address.')
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));

const createArgs = z.object({
  name: fields.text('The name', { max: 150 }),
  template: html.nullish(),
  key: fields.optionalText(100, 'The template key'),
  image,
  is_temp: z.boolean().nullish(),
  uploaded: z.boolean().nullish(),
  tags: tagsArg,
});

const updateArgs = z.object({
  id,
  name: fields.text('The name', { max: 150 }).optional(),
  template: html.nullish(),
  image,
  uploaded: z.boolean().nullish(),
  tags: tagsArg,
});

const KEYS = ['name', 'key', 'image', 'is_temp', 'uploaded', 'published', 'tags'];

async function found(ctx: RequestContext, rawId: unknown, field = 'id'): Promise<repo.NewsletterRow> {
  const row = await repo.byId(ctx.db, String(rawId));
  if (!row) throw newsletterNotFound(field);
  return row;
}

/** getNewsletters: the centre's newsletters (or, `is_temp`, its own templates), newest first. */
export async function getNewsletters(ctx: RequestContext, raw: unknown) {
  await newsletterScope(ctx);
  const a = parseArgs(
    z.object({ ...pageArgs, search: fields.optionalText(100, 'The search'), tag: fields.optionalText(40, 'The tag'), is_temp: z.boolean().nullish() }),
    raw,
  );
  const { rows, total } = await repo.pageNewsletters(ctx.db, { is_temp: a.is_temp ?? false, search: a.search ?? null, tag: a.tag?.toLowerCase() ?? null }, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

export async function getNewsletter(ctx: RequestContext, raw: unknown) {
  await newsletterScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  return found(ctx, a.id);
}

/** The parents' archive: published newsletters, newest first (every signed-in member of the centre). */
export async function getPublishedNewsletters(ctx: RequestContext, raw: unknown) {
  requireViewer(ctx);
  const a = parseArgs(z.object({ ...pageArgs }), raw);
  const { rows, total } = await repo.pagePublished(ctx.db, a.page, a.first);
  return paginated(rows, total, a.page, a.first);
}

export async function getNewsletterTags(ctx: RequestContext) {
  await newsletterScope(ctx);
  return repo.allTags(ctx.db);
}

/**
 * getNewsletterTemplates: the platform's (the control-plane channel's `newsletter-templates`
 * catalogue; each item's data: name, template, image) then the centre's own (`is_temp`). A
 * platform that cannot be reached is PLATFORM_UNAVAILABLE, never a 5xx.
 */
export async function getNewsletterTemplates(ctx: RequestContext) {
  await newsletterScope(ctx);
  let platform: { key: string; position: number; data: Record<string, unknown> }[] = [];
  try {
    platform = (await ctx.deps.controlPlane.catalogue(ctx.tenant.id, TEMPLATES_CATALOGUE)).items;
  } catch (err) {
    if (err instanceof ControlPlaneError && err.status === 404) platform = [];
    else {
      ctx.log?.warn({ err }, 'newsletter templates: the control plane refused');
      throw templateUnavailable();
    }
  }
  const own = await repo.centreTemplates(ctx.db);
  return [
    ...platform.map((i) => ({
      id: `platform:${i.key}`,
      key: i.key,
      name: String(i.data.name ?? i.key),
      template: String(i.data.template ?? ''),
      image: i.data.image ? String(i.data.image) : null,
      source: 'platform',
    })),
    ...own.map((r) => ({ id: String(r.id), key: r.key, name: r.name, template: r.template, image: r.image, source: 'centre' })),
  ];
}

export async function createNewsletter(ctx: RequestContext, raw: unknown) {
  await newsletterScope(ctx);
  const a = parseArgs(createArgs, raw);
  const template = cleanNewsletterHtml(a.template ?? '');
  const v = requireViewer(ctx);
  const row = await inTransaction(ctx, async (trx) => {
    const r = await repo.insert(trx, {
      name: a.name,
      template,
      key: a.key ?? null,
      image: a.image ?? null,
      is_temp: a.is_temp ?? false,
      uploaded: a.uploaded ?? false,
      tags: a.tags ?? [],
      created_by: v.id,
      updated_by: v.id,
    });
    await audit(ctx, trx, { action: 'newsletter.create', entity: 'newsletter', entity_id: String(r.id), data: { name: r.name, is_temp: r.is_temp } });
    return r;
  });
  return { ...notice(row.is_temp ? 'Template created.' : 'Newsletter created.'), newsletter: row };
}

export async function updateNewsletter(ctx: RequestContext, raw: unknown) {
  await newsletterScope(ctx);
  const a = parseArgs(updateArgs, raw);
  const before = await found(ctx, a.id);
  const patch: Record<string, unknown> = { updated_by: requireViewer(ctx).id };
  if (a.name !== undefined) patch.name = a.name;
  if (a.template !== undefined && a.template !== null) patch.template = cleanNewsletterHtml(a.template);
  if (a.image !== undefined) patch.image = a.image;
  if (a.uploaded !== undefined && a.uploaded !== null) patch.uploaded = a.uploaded;
  if (a.tags !== undefined && a.tags !== null) patch.tags = a.tags;
  const row = await inTransaction(ctx, async (trx) => {
    const r = await repo.update(trx, a.id, patch);
    await audit(ctx, trx, { action: 'newsletter.update', entity: 'newsletter', entity_id: a.id, data: diff(before as never, r as never, KEYS) });
    return r;
  });
  return { ...notice(row.is_temp ? 'Template saved.' : 'Newsletter saved.'), newsletter: row };
}

export async function deleteNewsletter(ctx: RequestContext, raw: unknown) {
  await newsletterScope(ctx);
  const a = parseArgs(z.object({ id }), raw);
  const row = await found(ctx, a.id);
  await inTransaction(ctx, async (trx) => {
    await repo.remove(trx, a.id);
    await audit(ctx, trx, { action: 'newsletter.delete', entity: 'newsletter', entity_id: a.id, data: { name: row.name } });
  });
  return { ...notice(row.is_temp ? 'Template deleted.' : 'Newsletter deleted.'), newsletter: row };
}

/** duplicateNewsletter: a copy named "… (copy)", unpublished, with no send log. */
export async function duplicateNewsletter(ctx: RequestContext, raw: unknown) {
  await newsletterScope(ctx);
  const a = parseArgs(z.object({ id, is_temp: z.boolean().nullish() }), raw);
  const src = await found(ctx, a.id);
  const v = requireViewer(ctx);
  const row = await inTransaction(ctx, async (trx) => {
    const r = await repo.insert(trx, {
      name: `${src.name} (copy)`.slice(0, 150),
      template: src.template,
      key: src.key,
      image: src.image,
      is_temp: a.is_temp ?? src.is_temp,
      uploaded: src.uploaded,
      tags: src.tags,
      created_by: v.id,
      updated_by: v.id,
    });
    await audit(ctx, trx, { action: 'newsletter.duplicate', entity: 'newsletter', entity_id: String(r.id), data: { from: a.id } });
    return r;
  });
  return { ...notice('Newsletter duplicated.'), newsletter: row };
}

/** publishNewsletter: shows it in the parents' archive (or takes it back out). */
export async function publishNewsletter(ctx: RequestContext, raw: unknown) {
  await newsletterScope(ctx);
  const a = parseArgs(z.object({ id, published: z.boolean().nullish() }), raw);
  const src = await found(ctx, a.id);
  const published = a.published ?? true;
  if (published && !src.template.trim()) throw emptyTemplate();
  // The archive outlives signed URLs: its images move to public, content-hashed keys first.
  const template = published ? await publishNewsletterImages(ctx, src.template) : src.template;
  const row = await inTransaction(ctx, async (trx) => {
    const r = await repo.update(trx, a.id, {
      published,
      published_at: published ? (src.published_at ?? trx.fn.now()) : null,
      ...(template !== src.template ? { template } : {}),
    });
    await audit(ctx, trx, { action: published ? 'newsletter.publish' : 'newsletter.unpublish', entity: 'newsletter', entity_id: a.id, data: {} });
    return r;
  });
  return { ...notice(published ? 'Newsletter published to the parents’ archive.' : 'Newsletter taken out of the archive.'), newsletter: row };
}
