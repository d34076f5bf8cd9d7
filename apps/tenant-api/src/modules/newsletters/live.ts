import mercurius from 'mercurius';
import { z } from 'zod';
import { parseArgs } from '@kv/server';
import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { LivePubSub, RequestContext } from '../../types.ts';
import { id } from '../../core/args.ts';
import { newsletterScope } from './policy.ts';
import * as repo from './repo.ts';
import { sendNotFound } from './errors.ts';

/**
 * `newsletterProgress(send_id)`: a send's counts as its job queues the mails. The job has no
 * request, so (as the notification centre does) it publishes through the pubsub(s) the GraphQL
 * plugin attached here. Topics carry the centre id; the subscription checks the viewer on
 * subscribe (newsletter sender, the send exists in this centre) and on every event (still a
 * sender, read live; the event is this send's).
 */
export interface NewsletterProgress {
  send_id: string;
  newsletter_id: string;
  status: string;
  total: number;
  queued: number;
  skipped: number;
}

export const progressTopic = (centreId: string, sendId: string) => `kv.${centreId}.newsletters.${sendId}`;
type Payload = { newsletterProgress: NewsletterProgress };

const pubsubs = new Set<LivePubSub>();

/** Called by the GraphQL plugin once Mercurius is up; returns the detach for its close. */
export function attachNewsletterPubsub(pubsub: LivePubSub): () => void {
  pubsubs.add(pubsub);
  return () => void pubsubs.delete(pubsub);
}

/** Best effort: the send dialog also reads `getNewsletterSend`. */
export function publishProgress(centreId: string, p: NewsletterProgress): void {
  for (const ps of pubsubs) {
    try {
      const r = ps.publish<Payload>({ topic: progressTopic(centreId, p.send_id), payload: { newsletterProgress: p } }, () => undefined);
      if (r && typeof (r as Promise<unknown>).catch === 'function') (r as Promise<unknown>).catch(() => undefined);
    } catch {
      // best effort
    }
  }
}

const { withFilter } = mercurius;
const args = z.object({ send_id: id });

async function subscribe(_root: unknown, raw: Record<string, unknown>, ctx: RequestContext) {
  await newsletterScope(ctx);
  const a = parseArgs(args, raw);
  if (!(await repo.sendById(ctx.db, a.send_id))) throw sendNotFound();
  if (!ctx.pubsub) throw new Error('Subscriptions need the Mercurius pubsub on the context.');
  return ctx.pubsub.subscribe<Payload>(progressTopic(ctx.tenant.id, a.send_id));
}

/** Every event: the viewer is still an active sender (read live, not from the connection's memo). */
async function stillSender(ctx: RequestContext): Promise<boolean> {
  return ctx.viewer ? repo.isActiveSender(ctx.db, ctx.viewer.id) : false;
}

export const newsletterSubscriptionResolvers: Resolvers = {
  Subscription: {
    newsletterProgress: {
      subscribe: withFilter<Payload, unknown, RequestContext, Record<string, unknown>>(
        subscribe,
        async (payload, raw, ctx) => payload.newsletterProgress.send_id === String(raw.send_id) && (await stillSender(ctx)),
      ),
    },
  },
} as Resolvers;
