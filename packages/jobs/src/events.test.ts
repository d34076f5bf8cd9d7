// @services a server fault: a dispatcher whose connection is terminated mid-delivery resumes without duplicates
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createKnex, type Knex } from '@kv/db';
import { createTestDatabase, type TestDatabase } from '@kv/db/testing';
import { emit, emittedEvents, EventPayloadError, type DomainEvent, type EventHandler } from './events.ts';
import { EventDispatcher } from './event-dispatcher.ts';
import { parkedEvents, retryParkedEvent } from './parked-events.ts';
import { sleep } from './job-data.ts';
import { writeOutbox } from './outbox.ts';

const silent = () => undefined;
const CENTRE = '7';

/** A handler that records each run in memory and its effect in the database (`event_effects`). */
function recorder(key: string, opts: { failTimes?: number; before?: (trx: Knex.Transaction, e: DomainEvent) => Promise<void> } = {}) {
  const runs: string[] = [];
  let failures = 0;
  const handler: EventHandler = {
    key,
    async handle(trx, event) {
      runs.push(event.id);
      await trx('event_effects').insert({ event_id: event.id, handler: key });
      await opts.before?.(trx, event);
      if (failures < (opts.failTimes ?? 0)) {
        failures++;
        throw new Error(`${key} failed on purpose (${failures})`);
      }
    },
  };
  return { handler, runs };
}

describe('domain events', () => {
  let t: TestDatabase;
  const dispatchers: EventDispatcher[] = [];
  const dispatcher = (opts: Partial<ConstructorParameters<typeof EventDispatcher>[0]> = {}) => {
    const d = new EventDispatcher({ sources: () => [], retryBaseMs: 30, log: silent, ...opts });
    dispatchers.push(d);
    return d;
  };
  const effects = async () =>
    (await t.db('event_effects').orderBy(['event_id', 'handler']).select('event_id', 'handler')).map((r) => `${r.event_id}:${r.handler}`);
  const emitOne = (name: string, ids: Record<string, string | string[]> = {}) =>
    t.db.transaction(async (trx) => {
      await emit(trx, name, { centreId: CENTRE, ...ids });
      const [row] = await trx('domain_events').max({ id: 'id' });
      return String(row!.id);
    });

  beforeAll(async () => {
    t = await createTestDatabase('tenant', 'events');
    await t.db.raw('create table event_effects (event_id bigint not null, handler text not null)');
  });
  beforeEach(async () => {
    await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
    await t.db.raw('truncate event_effects, domain_event_deliveries, domain_events, outbox');
  });
  afterAll(async () => {
    await Promise.all(dispatchers.map((d) => d.stop()));
    await t?.drop();
  });

  it('two handlers of one event each run once, however often the dispatcher is woken', async () => {
    const d = dispatcher();
    const a = recorder('a.first');
    const b = recorder('a.second');
    d.on('activity.saved', a.handler);
    d.on('activity.saved', b.handler);
    const id = await emitOne('activity.saved', { activityId: '12' });
    const counts = await Promise.all([d.kick('c7', t.db), d.kick('c7', t.db)]);
    expect(counts[0]).toBe(2);
    expect(await d.kick('c7', t.db)).toBe(0);
    await d.sweep({ full: true });
    expect(a.runs).toEqual([id]);
    expect(b.runs).toEqual([id]);
    expect(await effects()).toEqual([`${id}:a.first`, `${id}:a.second`]);
    expect(await t.db('domain_event_deliveries').orderBy('handler').select('handler', 'status', 'attempts')).toEqual([
      { handler: 'a.first', status: 'done', attempts: 1 },
      { handler: 'a.second', status: 'done', attempts: 1 },
    ]);
    expect(await t.db('domain_events').whereNull('done_at').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('a handler that fails twice runs a third time, and the other handlers do not repeat', async () => {
    const d = dispatcher();
    const flaky = recorder('b.flaky', { failTimes: 2 });
    const steady = recorder('b.steady');
    d.on('activity.saved', flaky.handler);
    d.on('activity.saved', steady.handler);
    const id = await emitOne('activity.saved', { activityId: '1' });
    expect(await d.kick('c7', t.db)).toBe(1);
    expect(await t.db('domain_event_deliveries').where({ handler: 'b.flaky' }).first('status', 'attempts', 'last_error')).toEqual({
      status: 'failed',
      attempts: 1,
      last_error: 'b.flaky failed on purpose (1)',
    });
    // The retry is due 30 ms later, then 60 ms after the second failure: the dispatcher wakes itself.
    for (let i = 0; i < 100 && flaky.runs.length < 3; i++) await sleep(20);
    await d.settle();
    expect(flaky.runs).toEqual([id, id, id]);
    expect(steady.runs).toEqual([id]);
    // The failed runs were rolled back: one effect each.
    expect(await effects()).toEqual([`${id}:b.flaky`, `${id}:b.steady`]);
    expect(await t.db('domain_event_deliveries').where({ handler: 'b.flaky' }).first('status', 'attempts')).toEqual({
      status: 'done',
      attempts: 3,
    });
  });

  it('a failing handler holds back its own later events of the centre (id order), not the others’', async () => {
    const d = dispatcher({ retryBaseMs: 60_000 });
    const flaky = recorder('c.flaky', { failTimes: 1 });
    const steady = recorder('c.steady');
    d.on('activity.saved', flaky.handler);
    d.on('activity.saved', steady.handler);
    const ids = [await emitOne('activity.saved'), await emitOne('activity.saved'), await emitOne('activity.saved')];
    await d.kick('c7', t.db);
    expect(steady.runs).toEqual(ids);
    expect(flaky.runs).toEqual([ids[0]]);
    // An operator's "run it now" (or the backoff passing) lets it through, then the rest in order.
    await t.db('domain_event_deliveries').where({ handler: 'c.flaky' }).update({ next_at: t.db.fn.now() });
    await d.kick('c7', t.db);
    expect(flaky.runs).toEqual([ids[0], ...ids]);
    expect(steady.runs).toEqual(ids);
  });

  it('a killed dispatcher resumes without duplicates', async () => {
    // The first dispatcher runs on a connection of its own, killed while a handler is running.
    const own = createKnex(t.url, { max: 1 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let pid: number | undefined;
    const first = dispatcher();
    const a1 = recorder('k.a');
    const b1 = recorder('k.b', {
      before: async (trx, e) => {
        if (pid !== undefined || e.payload.activityId !== '2') return;
        pid = (await trx.raw('select pg_backend_pid() as pid')).rows[0].pid;
        await gate;
      },
    });
    first.on('activity.saved', a1.handler);
    first.on('activity.saved', b1.handler);
    const ids = [];
    for (const n of ['1', '2', '3']) ids.push(await emitOne('activity.saved', { activityId: n }));
    const running = first.kick('c7', own);
    while (pid === undefined) await sleep(5);
    await t.db.raw('select pg_terminate_backend(?)', [pid]);
    release();
    expect(await running).toBe(0); // the batch died with its connection: nothing of it committed
    await first.stop();
    await own.destroy();
    expect(await effects()).toEqual([]);
    expect(b1.runs).toEqual([ids[0], ids[1]]);

    const second = dispatcher();
    const a2 = recorder('k.a');
    const b2 = recorder('k.b');
    second.on('activity.saved', a2.handler);
    second.on('activity.saved', b2.handler);
    expect(await second.kick('c7', t.db)).toBe(6);
    expect(await second.kick('c7', t.db)).toBe(0);
    expect(await effects()).toEqual(ids.flatMap((id) => [`${id}:k.a`, `${id}:k.b`]));
  });

  it('two dispatchers draining one centre at once deliver each event once, in id order', async () => {
    const order: string[] = [];
    const handler: EventHandler = {
      key: 't.order',
      async handle(trx, event) {
        order.push(event.id);
        await trx('event_effects').insert({ event_id: event.id, handler: 't.order' });
      },
    };
    const [a, b] = [dispatcher({ batchSize: 5 }), dispatcher({ batchSize: 5 })];
    a.on('activity.saved', handler);
    b.on('activity.saved', handler);
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) ids.push(await emitOne('activity.saved'));
    const dbA = createKnex(t.url, { max: 2 });
    const dbB = createKnex(t.url, { max: 2 });
    try {
      await Promise.all([a.kick('c7', dbA), b.kick('c7', dbB), a.kick('c7', dbA), b.kick('c7', dbB)]);
      // The one that found the drain lock taken looks again by itself shortly after.
      for (let i = 0; i < 100 && order.length < ids.length; i++) await sleep(20);
      await Promise.all([a.settle(), b.settle()]);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await Promise.all([dbA.destroy(), dbB.destroy()]);
    }
    expect(order).toEqual(ids);
    expect(await effects()).toHaveLength(ids.length);
  });

  it('kicks within kickDelayMs join one delivery batch', async () => {
    const d = dispatcher({ kickDelayMs: 150 });
    const h = recorder('j.once');
    d.on('activity.saved', h.handler);
    let batches = 0;
    const count = (q: { sql: string }) => void (q.sql.includes('pg_try_advisory_xact_lock') && batches++);
    t.db.on('query', count);
    try {
      const first = emitOne('activity.saved').then(() => d.kick('c7', t.db));
      await sleep(20);
      const second = emitOne('activity.saved').then(() => d.kick('c7', t.db));
      expect(await Promise.all([first, second])).toEqual([2, 2]);
    } finally {
      t.db.off('query', count);
    }
    expect(h.runs).toHaveLength(2);
    expect(batches).toBe(1);
  });

  it('deletes delivered events after keepDoneMs, never a parked one', async () => {
    const d = dispatcher({ keepDoneMs: 0, maxAttempts: 1 });
    d.on('activity.saved', recorder('g.ok').handler);
    d.on('activity.broken', recorder('g.broken', { failTimes: 1 }).handler);
    await emitOne('activity.saved');
    const parked = await emitOne('activity.broken');
    await d.kick('c7', t.db);
    expect((await t.db('domain_events').pluck('id')).map(String)).toEqual([parked]);
  });

  it('an event whose transaction rolled back is never delivered', async () => {
    const d = dispatcher();
    const h = recorder('r.only');
    d.on('activity.saved', h.handler);
    await expect(
      t.db.transaction(async (trx) => {
        await emit(trx, 'activity.saved', { centreId: CENTRE, activityId: '5' });
        expect(emittedEvents(trx)).toBe(true);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await d.kick('c7', t.db)).toBe(0);
    await d.sweep({ full: true });
    expect(h.runs).toEqual([]);
    expect(await t.db('domain_events').count({ n: '*' })).toEqual([{ n: '0' }]);
  });

  it('parks a delivery after its attempts, lists it for operators and runs it again on request', async () => {
    const d = dispatcher({ maxAttempts: 2, retryBaseMs: 0 });
    const broken = recorder('p.broken', { failTimes: 2 });
    d.on('activity.saved', broken.handler);
    const id = await emitOne('activity.saved', { activityId: '9' });
    await d.kick('c7', t.db);
    await d.kick('c7', t.db);
    await d.settle();
    expect(broken.runs).toEqual([id, id]);
    const parked = await parkedEvents(t.db, { offset: 0, limit: 10 });
    expect(parked.total).toBe(1);
    expect(parked.rows[0]).toMatchObject({
      event_id: id,
      name: 'activity.saved',
      payload: { centreId: CENTRE, activityId: '9' },
      handler: 'p.broken',
      attempts: 2,
      last_error: 'p.broken failed on purpose (2)',
    });
    // A parked delivery no longer holds the handler's later events back.
    const next = await emitOne('activity.saved', { activityId: '10' });
    await d.kick('c7', t.db);
    expect(broken.runs).toEqual([id, id, next]);
    expect(await retryParkedEvent(t.db, id, 'p.broken')).toBe(true);
    expect(await retryParkedEvent(t.db, id, 'p.broken')).toBe(false);
    await d.kick('c7', t.db);
    expect(broken.runs).toEqual([id, id, next, id]);
    expect((await parkedEvents(t.db, { offset: 0, limit: 10 })).total).toBe(0);
  });

  it('wakes the job outbox after handlers queued jobs, and refuses payloads that are not ids', async () => {
    const woken: string[] = [];
    const d = dispatcher({ onOutbox: (key) => woken.push(key) });
    d.on('activity.saved', {
      key: 'o.mail',
      handle: (trx, e) => writeOutbox(trx, { queue: 'messages', name: 'send', payload: { centreId: e.payload.centreId } }),
    });
    await emitOne('activity.saved');
    await d.kick('c7', t.db);
    expect(woken).toEqual(['c7']);
    expect(await t.db('outbox').count({ n: '*' })).toEqual([{ n: '1' }]);

    await t.db.transaction(async (trx) => {
      await expect(emit(trx, 'activity.saved', { centreId: CENTRE, note: 'Ana fell' } as never)).rejects.toThrow(EventPayloadError);
      await expect(emit(trx, 'activity.saved', { activityId: '1' } as never)).rejects.toThrow('centre id');
      await expect(emit(trx, 'Activity Saved', { centreId: CENTRE })).rejects.toThrow('Invalid event name');
    });
    await expect(emit(t.db as unknown as Knex.Transaction, 'activity.saved', { centreId: CENTRE })).rejects.toThrow('transaction');
    expect(() => d.on('activity.saved', { key: 'o.mail', handle: async () => undefined })).toThrow('share the key');
  });
});
