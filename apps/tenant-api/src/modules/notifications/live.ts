import mercurius from 'mercurius';
import type { Knex } from 'knex';
import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { LivePubSub, RequestContext } from '../../types.ts';
import { requireViewer } from '../../core/access.ts';
import * as repo from './repo.ts';
import { shown, type ShownNotification } from './service/shown.ts';

/**
 * `notificationAdded`: each user's new notices, live. Notices are written by domain-event
 * handlers and jobs, which have no request context; their transaction queues a `notification-live`
 * job (outbox), and that job — after the commit — publishes each row on its user's topic through
 * the pubsub(s) the GraphQL plugin attached here (the in-process emitter, or Redis across
 * instances). A process without the GraphQL app publishes nothing: the bell also reloads.
 *
 * Topics carry the centre id and the user id; the subscription checks the viewer on subscribe
 * and every event (the notice must be the viewer's own).
 */
export const notificationTopic = (centreId: string, userId: string) => `kv.${centreId}.notifications.${userId}`;

type Payload = { notificationAdded: ShownNotification };

const pubsubs = new Set<LivePubSub>();

/** Called by the GraphQL plugin once Mercurius is up; returns the detach for its close. */
export function attachNotificationPubsub(pubsub: LivePubSub): () => void {
  pubsubs.add(pubsub);
  return () => void pubsubs.delete(pubsub);
}

/** Publishes the rows (after their commit) to their users' topics. */
export async function publishNotifications(db: Knex, centreId: string, ids: readonly string[]): Promise<number> {
  if (!pubsubs.size || !ids.length) return 0;
  const rows = await repo.byIds(db, ids);
  for (const row of rows)
    for (const ps of pubsubs) {
      try {
        const r = ps.publish<Payload>(
          { topic: notificationTopic(centreId, row.user_id), payload: { notificationAdded: shown(row) } },
          () => undefined,
        );
        if (r && typeof (r as Promise<unknown>).catch === 'function') (r as Promise<unknown>).catch(() => undefined);
      } catch {
        // Live updates are best effort: the bell reloads on its own.
      }
    }
  return rows.length;
}

const { withFilter } = mercurius;

async function subscribe(_root: unknown, _args: Record<string, unknown>, ctx: RequestContext) {
  const v = requireViewer(ctx);
  if (!ctx.pubsub) throw new Error('Subscriptions need the Mercurius pubsub on the context.');
  return ctx.pubsub.subscribe<Payload>(notificationTopic(ctx.tenant.id, v.id));
}

export const notificationSubscriptionResolvers: Resolvers = {
  Subscription: {
    notificationAdded: {
      subscribe: withFilter<Payload, unknown, RequestContext, Record<string, unknown>>(
        subscribe,
        // Every event: only the viewer's own notice, on this centre's topic.
        (payload, _args, ctx) => Boolean(ctx.viewer && payload.notificationAdded.user_id === String(ctx.viewer.id)),
      ),
    },
  },
};
