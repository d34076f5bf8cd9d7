import mercurius from 'mercurius';
import { parseArgs } from '@kv/server';
import { z } from 'zod';
import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { LivePubSub, RequestContext } from '../../types.ts';
import { assertLocations, readScope } from '../../core/access.ts';
import { id } from '../../core/args.ts';
import * as repo from './repo.ts';
import { chatAccess, type ChatAccess } from './policy.ts';
import { unreadSummary } from './summary.ts';

/**
 * Live chat (GraphQL subscriptions), done as attendance/live.ts does them: writes publish after
 * their commit on the location's topic (the topic carries the centre id); each subscription checks
 * the viewer on subscribe (the location must be in their scope) AND on every event (the thread must
 * still be theirs, read live, so a black-listed or removed guardian stops receiving at once).
 */
export type ChatEventKind = 'added' | 'updated' | 'deleted' | 'read';

export interface ChatEvent {
  kind: ChatEventKind;
  id: string;
  category: repo.Category;
  student_id: string | null;
  program_id: string | null;
  location_id: string;
  user_id: string | null;
  message: string | null;
  type: string | null;
  parent_relation: string | null;
  created_at: string | null;
}

export const chatTopic = (centreId: string, locationId: string) => `kv.${centreId}.chat.${locationId}`;
type Payload = { chat: ChatEvent };

type Publishable = Pick<repo.ChatMessageRow, 'id' | 'category' | 'student_id' | 'program_id' | 'location_id' | 'user_id'> &
  Partial<Pick<repo.ChatMessageRow, 'message' | 'type' | 'parent_relation' | 'created_at'>>;

/** Tells the location's subscribers about a message (call after the commit; best effort). */
export function publishChat(ctx: RequestContext, kind: ChatEventKind, m: Publishable): void {
  const pubsub = ctx.pubsub;
  if (typeof pubsub?.publish !== 'function') return;
  const event: ChatEvent = {
    kind,
    id: String(m.id),
    category: m.category,
    student_id: m.student_id ? String(m.student_id) : null,
    program_id: m.program_id ? String(m.program_id) : null,
    location_id: String(m.location_id),
    user_id: m.user_id ? String(m.user_id) : null,
    message: kind === 'added' || kind === 'updated' ? (m.message ?? null) : null,
    type: m.type ?? null,
    parent_relation: m.parent_relation ?? null,
    created_at: m.created_at instanceof Date ? m.created_at.toISOString() : m.created_at ? String(m.created_at) : null,
  };
  try {
    const r = pubsub.publish<Payload>({ topic: chatTopic(ctx.tenant.id, event.location_id), payload: { chat: event } }, () => undefined);
    if (r && typeof (r as Promise<unknown>).catch === 'function') (r as Promise<unknown>).catch(() => undefined);
  } catch {
    // Live updates are best effort: the pages also refresh on their own.
  }
}

const args = z.object({ location_id: id });
const accessOf = new WeakMap<object, ChatAccess>();
const { withFilter } = mercurius;

function pubsubOf(ctx: RequestContext): LivePubSub {
  if (!ctx.pubsub) throw new Error('Subscriptions need the Mercurius pubsub on the context.');
  return ctx.pubsub;
}

/** On subscribe: the chat reader (blog editors refused) and a location of their scope. */
async function listen(ctx: RequestContext, raw: Record<string, unknown>): Promise<AsyncIterable<Payload>> {
  const access = await chatAccess(ctx);
  const a = parseArgs(args, raw);
  await assertLocations(ctx, await readScope(ctx), [a.location_id]);
  accessOf.set(ctx, access);
  return pubsubOf(ctx).subscribe<Payload>(chatTopic(ctx.tenant.id, a.location_id));
}

/** On every event: the event's thread is still the viewer's (one query, read live). */
async function stillReaches(ctx: RequestContext, e: ChatEvent): Promise<boolean> {
  const access = accessOf.get(ctx);
  if (!access) return false;
  const t: repo.Thread = e.category === 'student' ? { category: 'student', id: e.student_id! } : { category: 'program', id: e.program_id! };
  return (await repo.threadLocation(ctx.db, access.scope, t)) !== null;
}

async function* unreadStream(ctx: RequestContext, raw: Record<string, unknown>) {
  const events = (await listen(ctx, raw))[Symbol.asyncIterator]();
  const access = accessOf.get(ctx)!;
  try {
    yield { unreadCountsChanged: await unreadSummary(ctx, access) };
    for (let n = await events.next(); !n.done; n = await events.next()) {
      const e = n.value.chat;
      const relevant = e.kind === 'read' ? e.user_id === access.userId : e.kind !== 'updated' && e.user_id !== access.userId;
      if (!relevant || !(await stillReaches(ctx, e))) continue;
      yield { unreadCountsChanged: await unreadSummary(ctx, access) };
    }
  } finally {
    await events.return?.();
  }
}

/**
 * `Subscription` resolvers for `subscriptions.graphql`: `chatMessageAdded` gives the messages
 * added, edited and deleted in the viewer's threads of a location; `unreadCountsChanged` the
 * viewer's unread counts, first as they are, then after every change that moves them.
 */
export const chatSubscriptionResolvers: Resolvers = {
  Subscription: {
    chatMessageAdded: {
      subscribe: withFilter<Payload, unknown, RequestContext, Record<string, unknown>>(
        (_root, raw, ctx) => listen(ctx, raw),
        (payload, _args, ctx) => payload.chat.kind !== 'read' && stillReaches(ctx, payload.chat),
      ),
      resolve: (payload: Payload) => payload.chat,
    },
    unreadCountsChanged: {
      subscribe: (_root: unknown, raw: Record<string, unknown>, ctx: RequestContext) => unreadStream(ctx, raw),
    },
  },
} as Resolvers;
