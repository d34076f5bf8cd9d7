import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseExists } from '@kv/db';
import { testAdmin } from '@kv/db/testing';
import { centreInput, startControlPlane, type ControlPlaneHarness } from '../../test/helpers.ts';
import { provisionCenterNow } from '../../provision-now.ts';
import { createCentreService, type CentreService } from './service.ts';

async function rejection(p: Promise<unknown>): Promise<{ code?: string; field?: string }> {
  try {
    await p;
  } catch (e) {
    const err = e as { code?: string; extensions?: { field?: string } };
    return { code: err.code, field: err.extensions?.field };
  }
  throw new Error('expected a rejection');
}

const today = () => new Date().toISOString().slice(0, 10);
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('centre service', () => {
  let h: ControlPlaneHarness;
  let centres: CentreService;
  let maple: { id: string; database_name: string | null };

  beforeAll(async () => {
    h = await startControlPlane();
    centres = createCentreService(h.rt);
    maple = await provisionCenterNow(h.deps, centreInput('maple', { on_trial: true, trial_days: 10 }), h.actors.admin);
  });
  afterAll(() => h.close());

  it('provisionCenterNow leaves an active centre and is idempotent for the seed', async () => {
    expect(maple).toMatchObject({
      slug: 'maple',
      status: 'active',
      on_trial: true,
      trial_days: 10,
      trial_start_date: today(),
      trial_ends_on: addDays(today(), 10),
    });
    const again = await provisionCenterNow(h.deps, centreInput('maple'), h.actors.admin);
    expect(again.id).toBe(maple.id);
    expect(await h.control.db('centers').where({ slug: 'maple' }).count({ n: '*' })).toEqual([{ n: '1' }]);
  });

  it('shows operators what a centre stores, read from its own files table', async () => {
    const centre = (await centres.getCenter(h.actors.kvsupport, { id: maple.id })) as Parameters<CentreService['storage']>[1];
    expect(await centres.storage(h.actors.kvsupport, centre)).toEqual({ files: 0, bytes: 0 });
    const db = h.rt.pools.get(maple.id, await h.rt.directory.connectionUrl(centre));
    const file = { purpose: 'student_photo', owner_id: 1, original_name: 'a.jpg', declared_type: 'image/jpeg', declared_size: 10 };
    await db('files').insert([
      { ...file, id: randomUUID(), status: 'ready', size: 1500, upload_expires_at: new Date() },
      { ...file, id: randomUUID(), status: 'rejected', size: null, upload_expires_at: new Date() },
      { ...file, id: randomUUID(), status: 'deleted', size: 9000, upload_expires_at: new Date() },
    ]);
    expect(await centres.storage(h.actors.kvsupport, centre)).toEqual({ files: 1, bytes: 1500 });
    expect((await rejection(centres.storage({ viewer: null, ip: null }, centre))).code).toBe('UNAUTHENTICATED');
    await db('files').del();
  });

  it('validates addCenter input field by field and refuses kvsupport', async () => {
    const cases: [Record<string, unknown>, string, string | undefined][] = [
      [{ slug: 'Bad Slug' }, 'BAD_USER_INPUT', 'slug'],
      [{ slug: 'ab' }, 'BAD_USER_INPUT', 'slug'],
      [{ slug: '9lives' }, 'BAD_USER_INPUT', 'slug'],
      [{ slug: 'double--dash' }, 'BAD_USER_INPUT', 'slug'],
      [{ slug: 'www' }, 'SLUG_RESERVED', 'slug'],
      [{ slug: 'maple' }, 'SLUG_TAKEN', 'slug'],
      [{ name: '  ' }, 'BAD_USER_INPUT', 'name'],
      [{ contact_email: 'nope' }, 'BAD_USER_INPUT', 'contact_email'],
      [{ kind: 'zoo' }, 'BAD_USER_INPUT', 'kind'],
      [{ language_pack: 'cats' }, 'BAD_USER_INPUT', 'language_pack'],
      [{ owner_username: 'a b' }, 'BAD_USER_INPUT', 'owner_username'],
      [{ owner_fname: '' }, 'BAD_USER_INPUT', 'owner_fname'],
      [{ on_trial: true, trial_days: 0 }, 'BAD_USER_INPUT', 'trial_days'],
      [{ on_trial: true, trial_days: 366 }, 'BAD_USER_INPUT', 'trial_days'],
    ];
    for (const [patch, code, field] of cases) {
      expect(await rejection(centres.addCenter(h.actors.admin, centreInput('fresh-one', patch)))).toEqual({ code, field });
    }
    expect((await rejection(centres.addCenter(h.actors.kvsupport, centreInput('fresh-two')))).code).toBe('FORBIDDEN');
    expect(await h.control.db('centers').whereIn('slug', ['fresh-one', 'fresh-two']).count({ n: '*' })).toEqual([{ n: '0' }]);
    // A pet centre gets the dogs vocabulary unless told otherwise.
    const pets = await centres.addCenter(h.actors.admin, centreInput('paws', { kind: 'petcare' }));
    expect(pets.center).toMatchObject({
      kind: 'petcare',
      language_pack: 'dogs',
      status: 'provisioning',
      on_trial: false,
      trial_days: null,
    });
    await h.settle();
  });

  it('lists with search, status filter and paginatorInfo; kvsupport may read', async () => {
    const all = await centres.getCenters(h.actors.kvsupport, { first: 1 });
    expect(all.paginatorInfo).toEqual({ currentPage: 1, lastPage: 2, perPage: 1, total: 2 });
    expect((await centres.getCenters(h.actors.kvsupport, { search: 'MAP' })).data.map((c) => c.slug)).toEqual(['maple']);
    expect((await centres.getCenters(h.actors.kvsupport, { status: 'deleted' })).data).toEqual([]);
    expect((await rejection(centres.getCenters(h.actors.kvsupport, { status: 'gone' }))).field).toBe('status');
    expect((await rejection(centres.getCenters(h.actors.kvsupport, { page: 0 }))).field).toBe('page');
    expect((await rejection(centres.getCenter(h.actors.kvsupport, { id: '424242' }))).code).toBe('CENTER_NOT_FOUND');
    expect((await rejection(centres.getCenter({ viewer: null, ip: null }, { id: maple.id }))).code).toBe('UNAUTHENTICATED');
  });

  it('suspends and reactivates, only from the right state, and the directory follows', async () => {
    expect((await centres.suspendCenter(h.actors.admin, { id: maple.id })).center.status).toBe('suspended');
    expect((await h.directory.resolve('maple.localhost'))?.status).toBe('suspended');
    expect(await rejection(centres.suspendCenter(h.actors.admin, { id: maple.id }))).toEqual({
      code: 'CENTER_INVALID_STATE',
      field: undefined,
    });
    expect((await rejection(centres.activateCenter(h.actors.kvsupport, { id: maple.id }))).code).toBe('FORBIDDEN');
    expect((await centres.activateCenter(h.actors.admin, { id: maple.id })).center.status).toBe('active');
    expect((await h.directory.resolve('maple.localhost'))?.status).toBe('active');
    const actions = await h.control.db('audit_log').where({ entity: 'center', entity_id: maple.id }).orderBy('id').pluck('action');
    expect(actions.slice(-2)).toEqual(['center.suspend', 'center.activate']);
  });

  it('extends a trial by 1–365 days from its end, or from today once it ended', async () => {
    const extended = await centres.extendCenterTrial(h.actors.admin, { id: maple.id, days: 5 });
    expect(extended.center).toMatchObject({ on_trial: true, trial_days: 15, trial_ends_on: addDays(today(), 15) });
    expect((await rejection(centres.extendCenterTrial(h.actors.admin, { id: maple.id, days: 0 }))).field).toBe('days');
    expect((await rejection(centres.extendCenterTrial(h.actors.admin, { id: maple.id, days: 400 }))).field).toBe('days');
    await h.control.db('centers').where({ id: maple.id }).update({ trial_start_date: '2020-01-01', trial_days: 30 });
    const restarted = await centres.extendCenterTrial(h.actors.admin, { id: maple.id, days: 7 });
    expect(restarted.center.trial_ends_on).toBe(addDays(today(), 7));
    expect(restarted.center.trial_start_date).toBe('2020-01-01');
    expect((await h.directory.resolve('maple.localhost'))?.trial_ends_on).toBe(addDays(today(), 7));
  });

  it('renaming keeps the old subdomain as a fallback; a taken slug is refused', async () => {
    expect(await rejection(centres.updateCenter(h.actors.admin, { id: maple.id, slug: 'paws' }))).toEqual({
      code: 'SLUG_TAKEN',
      field: 'slug',
    });
    const renamed = await centres.updateCenter(h.actors.admin, { id: maple.id, slug: 'maple-grove', name: 'Maple Grove' });
    expect(renamed.center).toMatchObject({
      slug: 'maple-grove',
      name: 'Maple Grove',
      hostname: 'maple-grove.localhost',
      url: 'http://maple-grove.localhost:3000',
      database_name: maple.database_name,
    });
    expect((await h.directory.resolve('maple-grove.localhost'))?.id).toBe(maple.id);
    expect((await h.directory.resolve('maple.localhost'))?.id).toBe(maple.id);
    const domains = await h.control.db('server_domains').where({ center_id: maple.id }).orderBy('domain').select('domain', 'kind');
    expect(domains).toEqual([
      { domain: 'maple-grove.localhost', kind: 'subdomain' },
      { domain: 'maple.localhost', kind: 'previous' },
    ]);
    const audit = await h.control.db('audit_log').where({ action: 'center.update', entity_id: maple.id }).first('data');
    expect(audit.data.changed.slug).toEqual({ from: 'maple', to: 'maple-grove' });
  });

  it('deleteCenter offboards: hostnames stop resolving and the purge drops the database (safeguards: backups.test.ts)', async () => {
    const paws = (await centres.getCenters(h.actors.admin, { search: 'paws' })).data[0]!;
    expect(paws.status).toBe('active');
    expect(await databaseExists(testAdmin(), paws.database_name!)).toBe(true);
    await centres.suspendCenter(h.actors.admin, { id: paws.id });
    // A passed restore drill (as backups.test.ts runs it for real) and no grace period.
    await h.control.db('center_backup_drills').insert({ center_id: paws.id, status: 'passed', finished_at: new Date() });
    h.rt.deleteGraceDays = 0;
    const res = await centres.deleteCenter(h.actors.admin, { id: paws.id, confirm_hostname: 'paws.localhost' });
    expect(res.center).toMatchObject({ status: 'deleted' });
    expect(res.center.deleted_at).toBeInstanceOf(Date);
    expect(await h.directory.resolve('paws.localhost')).toBeNull();
    await h.settle();
    expect(await databaseExists(testAdmin(), paws.database_name!)).toBe(false);
    expect(await h.control.db('server_domains').where({ center_id: paws.id }).pluck('status')).toEqual(['disabled']);
    const actions = await h.control.db('audit_log').where({ entity_id: paws.id }).orderBy('id').pluck('action');
    expect(actions).toContain('center.delete');
    expect(actions.at(-1)).toBe('center.purged');
    expect((await rejection(centres.deleteCenter(h.actors.admin, { id: paws.id, confirm_hostname: 'paws.localhost' }))).code).toBe(
      'CENTER_INVALID_STATE',
    );
    expect((await rejection(centres.updateCenter(h.actors.admin, { id: paws.id, name: 'Back' }))).code).toBe('CENTER_INVALID_STATE');
    expect((await centres.getCenters(h.actors.admin, {})).data.map((c) => c.slug)).toEqual(['maple-grove']);
    // The slug of an offboarded centre stays taken (its row remains, for the record).
    expect((await rejection(centres.addCenter(h.actors.admin, centreInput('paws')))).code).toBe('SLUG_TAKEN');
  });
});
