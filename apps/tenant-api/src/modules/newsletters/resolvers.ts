import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { RequestContext } from '../../types.ts';
import { iso, isoTime } from '../../core/result.ts';
import * as newsletters from './service/newsletters.ts';
import * as send from './service/send.ts';
import * as unsubscribe from './service/unsubscribe.ts';

type Args = Record<string, unknown>;

export const newsletterResolvers: Resolvers = {
  Query: {
    getNewsletters: (_: unknown, args: Args, ctx: RequestContext) => newsletters.getNewsletters(ctx, args),
    getNewsletter: (_: unknown, args: Args, ctx: RequestContext) => newsletters.getNewsletter(ctx, args),
    getPublishedNewsletters: (_: unknown, args: Args, ctx: RequestContext) => newsletters.getPublishedNewsletters(ctx, args),
    getNewsletterTemplates: (_: unknown, _args: Args, ctx: RequestContext) => newsletters.getNewsletterTemplates(ctx),
    getNewsletterTags: (_: unknown, _args: Args, ctx: RequestContext) => newsletters.getNewsletterTags(ctx),
    getNewsletterSend: (_: unknown, args: Args, ctx: RequestContext) => send.getNewsletterSend(ctx, args),
    getUnsubscribedEmails: (_: unknown, args: Args, ctx: RequestContext) => unsubscribe.getUnsubscribedEmails(ctx, args),
    getUnsubscribedSms: (_: unknown, args: Args, ctx: RequestContext) => unsubscribe.getUnsubscribedSms(ctx, args),
  },
  Mutation: {
    createNewsletter: (_: unknown, args: Args, ctx: RequestContext) => newsletters.createNewsletter(ctx, args),
    updateNewsletter: (_: unknown, args: Args, ctx: RequestContext) => newsletters.updateNewsletter(ctx, args),
    deleteNewsletter: (_: unknown, args: Args, ctx: RequestContext) => newsletters.deleteNewsletter(ctx, args),
    duplicateNewsletter: (_: unknown, args: Args, ctx: RequestContext) => newsletters.duplicateNewsletter(ctx, args),
    publishNewsletter: (_: unknown, args: Args, ctx: RequestContext) => newsletters.publishNewsletter(ctx, args),
    sendNewsletterAction: (_: unknown, args: Args, ctx: RequestContext) => send.sendNewsletterAction(ctx, args),
    unsubscribeEmail: (_: unknown, args: Args, ctx: RequestContext) => unsubscribe.unsubscribeEmail(ctx, args),
    requestUnsubscribeLink: (_: unknown, args: Args, ctx: RequestContext) => unsubscribe.requestUnsubscribeLink(ctx, args),
  },
  Newsletter: {
    id: (r) => String(r.id),
    published_at: (r) => iso(r.published_at),
    created_at: (r) => isoTime(r.created_at),
    updated_at: (r) => isoTime(r.updated_at),
    log: (r) => (Array.isArray(r.log) ? r.log : []),
    tags: (r) => r.tags ?? [],
  },
  UnsubscribedEmail: {
    id: (r) => String(r.id),
    created_at: (r) => isoTime(r.created_at),
  },
  UnsubscribedSms: {
    id: (r) => String(r.id),
    created_at: (r) => isoTime(r.created_at),
  },
};
