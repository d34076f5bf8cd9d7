import mercurius from 'mercurius';
import { roleAtLeast } from '@kv/shared';
import { forbidden, parseArgs } from '@kv/server';
import { z } from 'zod';
import type { Resolvers } from '../../graphql/generated/resolvers.ts';
import type { LivePubSub, RequestContext } from '../../types.ts';
import { familyStudents } from './repo/children.ts';
import { assertLocations, readScope, staffScope, requireViewer } from '../../core/access.ts';
import { id } from '../../core/args.ts';
import { snapshot, type RoomRatio, programIdsOfLocation } from '../ratios/index.ts';

/**
 * Live updates (GraphQL subscriptions). Mutations publish after their commit through the
 * Mercurius pubsub that Mercurius puts on every context when subscriptions are on (`ctx.pubsub`:
 * in-process emitter, or the Redis emitter across instances) — nothing here depends on ctx.deps.
 * With subscriptions off there is no pubsub and publishing does nothing.
 *
 * Topics carry the centre id: one server (and one Redis) serves every centre.
 */
export interface AttendanceEvent {
  location_id: string;
  /** `student` (a child's check-in) or `staff` (a clock event). */
  kind: 'student' | 'staff';
  /** check_in, check_out, break_start, break_end, move, absent, present, correction, delete */
  type: string;
  student_id: string | null;
  user_id: string | null;
  program_id: string | null;
  record_id: string | null;
  at: string;
}

export const attendanceTopic = (centreId: string, locationId: string) => `kv.${centreId}.attendance.${locationId}`;
export const ratioTopic = (centreId: string, locationId: string) => `kv.${centreId}.ratio.${locationId}`;

/** What each topic carries (the subscription field's payload). */
type AttendancePayload = { attendanceChanged: AttendanceEvent };
type RatioPayload = { roomRatioChanged: { location_id: string; rooms: RoomRatio[] } };

function publish<T>(ctx: RequestContext, topic: string, payload: T): void {
  const pubsub = ctx.pubsub;
  if (typeof pubsub?.publish !== 'function') return;
  try {
    const r = pubsub.publish({ topic, payload }, () => undefined);
    if (r && typeof (r as Promise<unknown>).catch === 'function') (r as Promise<unknown>).catch(() => undefined);
  } catch {
    // Live updates are best effort: the lists also refresh on their own.
  }
}

/** Tells subscribers of each event's location (call after the commit). */
export function publishAttendance(ctx: RequestContext, events: AttendanceEvent[]): void {
  for (const e of events) publish<AttendancePayload>(ctx, attendanceTopic(ctx.tenant.id, e.location_id), { attendanceChanged: e });
}

/** Tells subscribers of a location's room ratio page about rooms whose counts changed. */
export function publishRatios(ctx: RequestContext, locationId: string, rooms: RoomRatio[]): void {
  if (rooms.length)
    publish<RatioPayload>(ctx, ratioTopic(ctx.tenant.id, locationId), { roomRatioChanged: { location_id: String(locationId), rooms } });
}

// ── Subscription resolvers (wired by the GraphQL plugin when subscriptions are on) ──

const args = z.object({ location_id: id });
/** Per subscription: the children a parent may follow (staff follow the whole location). */
const allowed = new WeakMap<object, Set<string> | null>();

const { withFilter } = mercurius;

/** The pubsub of a subscription's context (Mercurius puts it there whenever subscriptions are on). */
function pubsubOf(ctx: RequestContext): LivePubSub {
  if (!ctx.pubsub) throw new Error('Subscriptions need the Mercurius pubsub on the context.');
  return ctx.pubsub;
}

async function subscribeAttendance(_root: unknown, raw: Record<string, unknown>, ctx: RequestContext) {
  const v = requireViewer(ctx);
  const a = parseArgs(args, raw);
  if (roleAtLeast(v.role, 'teacher')) {
    await assertLocations(ctx, await staffScope(ctx), [a.location_id]);
    allowed.set(ctx, null);
  } else if (v.role === 'user') {
    await assertLocations(ctx, await readScope(ctx), [a.location_id]);
    allowed.set(ctx, new Set((await familyStudents(ctx.db, v.id, a.location_id)).map((s) => String(s.id))));
  } else throw forbidden();
  return pubsubOf(ctx).subscribe<AttendancePayload>(attendanceTopic(ctx.tenant.id, a.location_id));
}

/**
 * Yields `first()` (read once the subscription is listening), then every event of `events`; the
 * events stop when the client unsubscribes at any point.
 */
async function* currentThenEvents<T>(first: () => Promise<T>, events: AsyncIterable<T>): AsyncGenerator<T> {
  const it = events[Symbol.asyncIterator]();
  try {
    yield await first();
    for (let n = await it.next(); !n.done; n = await it.next()) yield n.value;
  } finally {
    await it.return?.();
  }
}

/**
 * The rooms of a location: first as they are, then every change. Read after the subscription is
 * listening, so a check-in between a page's first load and its subscription is never missed.
 */
async function subscribeRatios(_root: unknown, raw: Record<string, unknown>, ctx: RequestContext) {
  requireViewer(ctx);
  const a = parseArgs(args, raw);
  await assertLocations(ctx, await staffScope(ctx), [a.location_id]);
  const events = await pubsubOf(ctx).subscribe<RatioPayload>(ratioTopic(ctx.tenant.id, a.location_id));
  return currentThenEvents<RatioPayload>(
    async () => ({
      roomRatioChanged: { location_id: a.location_id, rooms: await snapshot(ctx.db, await programIdsOfLocation(ctx.db, a.location_id)) },
    }),
    events,
  );
}

/**
 * `Subscription` resolvers for `subscriptions.graphql`. Each subscription checks the viewer like
 * a query: staff of the location see every event; a parent sees the events of the children they
 * may pick up (others are filtered out); blog editors and other locations are refused.
 */
export const attendanceSubscriptionResolvers: Resolvers = {
  Subscription: {
    attendanceChanged: {
      subscribe: withFilter<AttendancePayload, unknown, RequestContext, Record<string, unknown>>(
        subscribeAttendance,
        (payload, _args, ctx) => {
          const only = allowed.get(ctx);
          return only === null || only === undefined
            ? only === null
            : Boolean(payload.attendanceChanged.student_id && only.has(payload.attendanceChanged.student_id));
        },
      ),
    },
    roomRatioChanged: { subscribe: subscribeRatios },
  },
};

export const nowIso = () => new Date().toISOString();
