import { z } from 'zod';
import { cleanNewsletterHtml, NEWSLETTER_HTML_MAX } from '@kv/messaging';
import { fields, pageArgs, paginated, parseArgs } from '@kv/server';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { requireRole, type Actor } from '../../access.ts';
import { done } from '../../graphql/notice.ts';
import { writeAudit } from '../audit/repo.ts';
import { newsletterPolicy } from './policy.ts';
import { newsletterNotFound } from './errors.ts';
import * as repo from './repo.ts';

const tags = z
  .array(z.string().trim().min(1, 'tags must not be empty.').max(40, 'tags must be at most 40 characters.'))
  .max(20, 'At most 20 tags.')
  .nullish()
  .transform((v) => (v ? [...new Set(v.map((t) => t.toLowerCase()))] : v));
const html = z.string().max(NEWSLETTER_HTML_MAX, 'template must be at most 500,000 characters.');
const image = z
  .string()
  .trim()
  .max(500, 'image is too long.')
  .refine((v) => v === '' || /^(https?:\/\/|\/)[^\s]*$/i.test(v), 'image must be an http(s) address.')
  .nullish()
  .transform((v) => (v === undefined ? undefined : v || null));
const id = fields.id('id');

/**
 * The platform's newsletters and templates (admin). HTML is sanitised and its CSS inlined as the
 * centres' are (@kv/messaging `cleanNewsletterHtml`); templates are kept in the channel's
 * `newsletter-templates` catalogue in the same transaction.
 */
export function createNewsletterService(rt: ControlPlaneRuntime) {
  const db = rt.controlDb;
  const found = async (rawId: string) => {
    const row = await repo.byId(db, rawId);
    if (!row) throw newsletterNotFound();
    return row;
  };
  return {
    async getNewsletters(actor: Actor, raw: unknown) {
      requireRole(actor, newsletterPolicy.getNewsletters);
      const a = parseArgs(z.object({ ...pageArgs, search: fields.optionalText(100, 'search'), is_temp: z.boolean().nullish() }), raw);
      const { rows, total } = await repo.page(db, { isTemp: a.is_temp ?? true, search: a.search ?? null, offset: (a.page - 1) * a.first, limit: a.first });
      return paginated(rows, total, a.page, a.first);
    },

    async getNewsletter(actor: Actor, raw: unknown) {
      requireRole(actor, newsletterPolicy.getNewsletter);
      return found(parseArgs(z.object({ id }), raw).id);
    },

    async createNewsletter(actor: Actor, raw: unknown) {
      const v = requireRole(actor, newsletterPolicy.createNewsletter);
      const a = parseArgs(
        z.object({ name: fields.text('name', { max: 150 }), template: html.nullish(), image, is_temp: z.boolean().nullish(), uploaded: z.boolean().nullish(), tags }),
        raw,
      );
      const row = await db.transaction(async (trx) => {
        const r = await repo.insert(trx, {
          name: a.name,
          template: cleanNewsletterHtml(a.template ?? ''),
          image: a.image ?? null,
          is_temp: a.is_temp ?? true,
          uploaded: a.uploaded ?? false,
          tags: a.tags ?? [],
          created_by: v.id,
        });
        await writeAudit(trx, actor, 'newsletter.create', 'newsletter', String(r.id), { name: r.name, is_temp: r.is_temp });
        return r;
      });
      return done(row.is_temp ? 'Template created.' : 'Newsletter created.', { newsletter: row });
    },

    async updateNewsletter(actor: Actor, raw: unknown) {
      requireRole(actor, newsletterPolicy.updateNewsletter);
      const a = parseArgs(
        z.object({ id, name: fields.text('name', { max: 150 }).optional(), template: html.nullish(), image, uploaded: z.boolean().nullish(), tags }),
        raw,
      );
      await found(a.id);
      const patch: Record<string, unknown> = {};
      if (a.name !== undefined) patch.name = a.name;
      if (a.template != null) patch.template = cleanNewsletterHtml(a.template);
      if (a.image !== undefined) patch.image = a.image;
      if (a.uploaded != null) patch.uploaded = a.uploaded;
      if (a.tags != null) patch.tags = a.tags;
      const row = await db.transaction(async (trx) => {
        const r = await repo.update(trx, a.id, patch);
        await writeAudit(trx, actor, 'newsletter.update', 'newsletter', a.id, { fields: Object.keys(patch) });
        return r;
      });
      return done(row.is_temp ? 'Template saved.' : 'Newsletter saved.', { newsletter: row });
    },

    async deleteNewsletter(actor: Actor, raw: unknown) {
      requireRole(actor, newsletterPolicy.deleteNewsletter);
      const a = parseArgs(z.object({ id }), raw);
      const row = await found(a.id);
      await db.transaction(async (trx) => {
        await repo.remove(trx, a.id);
        await writeAudit(trx, actor, 'newsletter.delete', 'newsletter', a.id, { name: row.name });
      });
      return done(row.is_temp ? 'Template deleted.' : 'Newsletter deleted.', { newsletter: row });
    },

    async duplicateNewsletter(actor: Actor, raw: unknown) {
      const v = requireRole(actor, newsletterPolicy.duplicateNewsletter);
      const a = parseArgs(z.object({ id }), raw);
      const src = await found(a.id);
      const row = await db.transaction(async (trx) => {
        const r = await repo.insert(trx, {
          name: `${src.name} (copy)`.slice(0, 150),
          template: src.template,
          image: src.image,
          is_temp: src.is_temp,
          uploaded: src.uploaded,
          tags: src.tags,
          created_by: v.id,
        });
        await writeAudit(trx, actor, 'newsletter.duplicate', 'newsletter', String(r.id), { from: a.id });
        return r;
      });
      return done('Newsletter duplicated.', { newsletter: row });
    },
  };
}

export type NewsletterService = ReturnType<typeof createNewsletterService>;
