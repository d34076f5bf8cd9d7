import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forCentre, ForeignKeyError, LocalFileStore, parseKey } from '@kv/files';
import { jpegWithGps, postUpload, startS3rver } from '@kv/files/testing';
import type { RequestContext, Viewer } from '../../types.ts';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, createPeopleHarness, type World } from '../students/test-fixtures.ts';
import { checkQueuedUpload } from './jobs.ts';
import { findFile } from './repo.ts';
import { ABANDONED_REASON, sweepAbandonedUploads } from './sweep.ts';
import { fileUrls } from './urls.ts';

let h: Harness;
let w: World;
let root: string;
let store: LocalFileStore;

const PRESIGN = `mutation($owner: ID!, $type: String!, $size: Int!, $name: String, $purpose: String!) {
  getPresignedUploadUrl(purpose: $purpose, owner_id: $owner, content_type: $type, size: $size, file_name: $name) {
    url upload_id expires_at max_size fields { name value }
  }
}`;
const COMPLETE = `mutation($id: ID!) { completeUpload(upload_id: $id) { id status reason } }`;
const STATUS = `query($id: ID!) { uploadStatus(upload_id: $id) { id status reason original_name content_type width height size sha256 url thumbnail_url url_expires_at } }`;
const PHOTO = `query($id: ID!) { student(id: $id) { id photo { id status width height content_type url thumbnail_url } } }`;

const db = () => w.c.db.db;
const jobDeps = () => ({ dbFor: async () => h.deps.pools.get(w.c.entry.id, w.c.url), files: store });

/** Posts the signed form to a centre host, as the browser does. */
async function postForm(host: string, ticket: { url: string; fields: { name: string; value: string }[] }, body: Buffer, type: string) {
  const form = new FormData();
  for (const f of ticket.fields) form.append(f.name, f.value);
  form.append('file', new Blob([body], { type }), 'photo.jpg');
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return h.app.inject({
    method: 'POST',
    url: ticket.url,
    headers: { host, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
}

/** The whole pipeline as the SPA drives it, with the queued check run in between. */
async function upload(token: string, owner: string, body: Buffer, type = 'image/jpeg', name = 'Ava at the park.jpg', purpose = 'student_photo') {
  const p = await w.q(PRESIGN, { owner, type, size: body.length, name, purpose }, token);
  expect(p.errors).toBeUndefined();
  const ticket = p.data!.getPresignedUploadUrl;
  expect((await postForm(w.c.host, ticket, body, type)).statusCode).toBe(204);
  const done = await w.q(COMPLETE, { id: ticket.upload_id }, token);
  expect(done.data?.completeUpload.status).toBe('checking');
  const queued = await db()('outbox').where({ queue: 'files', name: 'check-upload' }).orderBy('id', 'desc').first();
  expect(JSON.parse(JSON.stringify(queued.payload))).toEqual({ centreId: w.c.entry.id, fileId: ticket.upload_id });
  await checkQueuedUpload(jobDeps(), w.c.entry.id, ticket.upload_id);
  const status = await w.q(STATUS, { id: ticket.upload_id }, token);
  expect(status.errors).toBeUndefined();
  return {
    ticket,
    file: status.data!.uploadStatus,
    uploadKey: ticket.fields.find((f: { name: string }) => f.name === 'key')!.value as string,
  };
}

async function fetchSigned(url: string, host = w.c.host) {
  return h.app.inject({ method: 'GET', url, headers: { host } });
}

function viewerCtx(id: string, role: Viewer['role']): RequestContext {
  return {
    tenant: w.c.entry,
    db: h.deps.pools.get(w.c.entry.id, w.c.url),
    viewer: { id, role, roles: [role], sessionId: 's', issuedAt: 0, support: null },
    ip: '127.0.0.1',
    userAgent: null,
    deps: h.deps,
    throttles: undefined as unknown as RequestContext['throttles'],
  };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kv-files-api-'));
  store = new LocalFileStore({ root, secret: 'files-test-secret-files-test-secret' });
  h = await createPeopleHarness({ files: store });
  w = await buildWorld(h, h.centres[0]!);
});

afterAll(async () => {
  await h?.close();
  await rm(root, { recursive: true, force: true });
});

describe('files: the student photo pipeline', () => {
  it('turns a 12 MP phone photo into a capped, metadata-free WebP with a thumbnail', async () => {
    // 4000 × 3000 with GPS tags and a 90° orientation, as a phone writes it: 1200 × 1600 upright.
    const phone = await jpegWithGps(4000, 3000);
    expect((await sharp(phone).metadata()).exif).toBeDefined();
    const { file, uploadKey } = await upload(w.tokens.mgrX, w.kidX, phone);
    expect(file).toMatchObject({ status: 'ready', reason: null, content_type: 'image/webp', width: 1200, height: 1600 });
    expect(file.original_name).toBe('Ava at the park.jpg');
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(await store.stat(uploadKey)).toBeNull();

    const main = await fetchSigned(file.url);
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toBe('image/webp');
    expect(main.headers['content-disposition']).toContain('filename="Ava at the park.webp"');
    expect(main.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(main.rawPayload).metadata();
    expect([meta.width, meta.height, meta.exif, meta.xmp, meta.iptc]).toEqual([1200, 1600, undefined, undefined, undefined]);
    const thumb = await sharp((await fetchSigned(file.thumbnail_url)).rawPayload).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBe(320);

    const seen = await w.q(PHOTO, { id: w.kidX }, w.tokens.parent);
    expect(seen.data?.student.photo).toMatchObject({ id: file.id, status: 'ready', width: 1200 });
    expect((await fetchSigned(seen.data!.student.photo.thumbnail_url)).statusCode).toBe(200);
  });

  it('refuses a file whose bytes are not the declared type, deletes it and keeps the old photo', async () => {
    const before = (await w.q(PHOTO, { id: w.kidX }, w.tokens.mgrX)).data!.student.photo;
    const png = await sharp({ create: { width: 20, height: 20, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const { file, uploadKey } = await upload(w.tokens.mgrX, w.kidX, png, 'image/jpeg');
    expect(file).toMatchObject({
      status: 'rejected',
      reason: 'The file’s content does not match its type.',
      url: null,
      thumbnail_url: null,
    });
    expect(await store.stat(uploadKey)).toBeNull();
    expect((await w.q(PHOTO, { id: w.kidX }, w.tokens.mgrX)).data!.student.photo.id).toBe(before.id);
  });

  it('a new accepted photo replaces the old one, whose objects are deleted', async () => {
    const old = await findFile(db(), (await w.q(PHOTO, { id: w.kidX }, w.tokens.mgrX)).data!.student.photo.id);
    const { file } = await upload(w.tokens.owner, w.kidX, await jpegWithGps(800, 600));
    expect(file.status).toBe('ready');
    expect((await w.q(PHOTO, { id: w.kidX }, w.tokens.mgrX)).data!.student.photo.id).toBe(file.id);
    expect((await findFile(db(), old!.id))!.status).toBe('deleted');
    expect(await store.stat(`${old!.key}/main`)).toBeNull();
    expect(await store.stat(`${old!.key}/thumb`)).toBeNull();
  });

  it('checks the purpose, type, size and upload state, naming the field', async () => {
    const bad = async (vars: Record<string, unknown>) =>
      (await w.q(PRESIGN, { purpose: 'student_photo', owner: w.kidX, type: 'image/jpeg', size: 1000, ...vars }, w.tokens.mgrX)).errors?.[0];
    expect((await bad({ purpose: 'avatar' }))?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'purpose' });
    expect((await bad({ type: 'image/gif' }))?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'content_type' });
    expect((await bad({ size: 0 }))?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'size' });
    expect((await bad({ size: 16 * 1024 * 1024 }))?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'size' });
    const p = await w.q(PRESIGN, { purpose: 'student_photo', owner: w.kidX, type: 'image/jpeg', size: 1000 }, w.tokens.mgrX);
    const early = await w.q(COMPLETE, { id: p.data!.getPresignedUploadUrl.upload_id }, w.tokens.mgrX);
    expect(early.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'upload_id' });
    const garbage = await w.q(STATUS, { id: 'not-a-uuid' }, w.tokens.mgrX);
    expect(garbage.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });

  it('refuses a body larger than declared at the upload itself', async () => {
    const p = await w.q(PRESIGN, { purpose: 'student_photo', owner: w.kidX, type: 'image/jpeg', size: 100 }, w.tokens.mgrX);
    const res = await postForm(w.c.host, p.data!.getPresignedUploadUrl, Buffer.alloc(101, 0xff), 'image/jpeg');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('EntityTooLarge');
  });
});

describe('files: the hourly sweep of abandoned uploads', () => {
  it('deletes what a never-completed form left and rejects its row; fresh forms and checked files stay', async () => {
    const body = await jpegWithGps(200, 100);
    const form = async () =>
      (await w.q(PRESIGN, { purpose: 'student_photo', owner: w.kidX, type: 'image/jpeg', size: body.length }, w.tokens.mgrX)).data!
        .getPresignedUploadUrl;
    const abandoned = await form();
    expect((await postForm(w.c.host, abandoned, body, 'image/jpeg')).statusCode).toBe(204);
    const neverSent = await form();
    const fresh = await form();
    await db()('files')
      .whereIn('id', [abandoned.upload_id, neverSent.upload_id])
      .update({ upload_expires_at: db().raw("now() - interval '2 hours'") });
    const rawKey = abandoned.fields.find((f: { name: string }) => f.name === 'key')!.value as string;
    expect(await store.stat(rawKey)).not.toBeNull();
    const photo = (await w.q(PHOTO, { id: w.kidX }, w.tokens.mgrX)).data!.student.photo;

    expect(await sweepAbandonedUploads(jobDeps(), w.c.entry.id)).toEqual({ swept: 2 });
    expect(await store.stat(rawKey)).toBeNull();
    for (const id of [abandoned.upload_id, neverSent.upload_id]) {
      expect(await findFile(db(), id)).toMatchObject({ status: 'rejected', reason: ABANDONED_REASON, upload_key: null });
    }
    expect((await findFile(db(), fresh.upload_id))!.status).toBe('pending');
    expect((await w.q(PHOTO, { id: w.kidX }, w.tokens.mgrX)).data!.student.photo.id).toBe(photo.id);
    expect(await sweepAbandonedUploads(jobDeps(), w.c.entry.id)).toEqual({ swept: 0 });
  });
});

describe('files: who may upload and read', () => {
  it('a parent uploads their own child’s photo only when the centre lets parents edit it', async () => {
    const photo = await jpegWithGps(300, 200);
    const off = await w.q(PRESIGN, { purpose: 'student_photo', owner: w.kidX, type: 'image/jpeg', size: photo.length }, w.tokens.parent);
    expect(off.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    await db()('location_settings').insert({ location_id: w.X, can_edit_student: true, can_edit_fields: ['image'] });
    try {
      const { file } = await upload(w.tokens.parent, w.kidX, photo);
      expect(file.status).toBe('ready');
      expect(file.url).toBeTruthy();
      const other = await w.q(
        PRESIGN,
        { purpose: 'student_photo', owner: w.kidX2, type: 'image/jpeg', size: photo.length },
        w.tokens.parent,
      );
      expect(other.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    } finally {
      await db()('location_settings').where({ location_id: w.X }).del();
    }
  });

  it('reads a photo URL only after the owner’s access check: own family yes, another family no', async () => {
    const row = await findFile(db(), (await w.q(PHOTO, { id: w.kidX }, w.tokens.mgrX)).data!.student.photo.id);
    expect(await fileUrls(viewerCtx(w.ids.parent, 'user'), { ...row! })).not.toBeNull();
    expect(await fileUrls(viewerCtx(w.ids.mgrX, 'manager'), { ...row! })).not.toBeNull();
    expect(await fileUrls(viewerCtx(w.parent2.id, 'user'), { ...row! })).toBeNull();
    expect(await fileUrls(viewerCtx(w.ids.mgrY, 'manager'), { ...row! })).toBeNull();
    expect(await fileUrls(viewerCtx(w.ids.blog, 'blog'), { ...row! })).toBeNull();
    const other = await w.q(PHOTO, { id: w.kidX }, w.parent2.token);
    expect(other.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Upload ids are private to their uploader.
    const p = await w.q(PRESIGN, { purpose: 'student_photo', owner: w.kidX, type: 'image/jpeg', size: 10 }, w.tokens.mgrX);
    const peek = await w.q(STATUS, { id: p.data!.getPresignedUploadUrl.upload_id }, w.tokens.owner);
    expect(peek.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses centre A’s keys on centre B: forms, signed reads and the store itself', async () => {
    const b = h.centres[1]!;
    const photo = (await w.q(PHOTO, { id: w.kidX }, w.tokens.mgrX)).data!.student.photo;
    expect((await fetchSigned(photo.url, w.c.host)).statusCode).toBe(200);
    expect((await fetchSigned(photo.url, b.host)).statusCode).toBe(403);
    const body = await jpegWithGps(50, 50);
    const p = await w.q(PRESIGN, { purpose: 'student_photo', owner: w.kidX, type: 'image/jpeg', size: body.length }, w.tokens.mgrX);
    const ticket = p.data!.getPresignedUploadUrl;
    expect((await postForm(b.host, ticket, body, 'image/jpeg')).statusCode).toBe(403);
    const key = ticket.fields.find((f: { name: string }) => f.name === 'key')!.value;
    expect(parseKey(key)?.centreId).toBe(w.c.entry.id);
    expect(await store.stat(key)).toBeNull();
    const onB = forCentre(store, b.entry.id);
    await expect(
      onB.presignDownload(key, { fileName: 'x', contentType: 'image/webp', disposition: 'inline', expiresInSeconds: 60 }),
    ).rejects.toBeInstanceOf(ForeignKeyError);
    await expect(onB.remove([key])).rejects.toBeInstanceOf(ForeignKeyError);
    // A job naming centre B cannot reach A's upload row or object.
    expect(
      await checkQueuedUpload({ dbFor: async () => h.deps.pools.get(b.entry.id, b.url), files: store }, b.entry.id, ticket.upload_id),
    ).toBeNull();
  });
});

describe('files: newsletter images', () => {
  it('newsletter editors upload JPEG/PNG/WebP/GIF ≤ 5 MB, stored as WebP capped at 1600; others are refused', async () => {
    const presign = (vars: Record<string, unknown>, token = w.tokens.mgrX) =>
      w.q(PRESIGN, { purpose: 'newsletter_image', owner: w.X, type: 'image/png', size: 1000, ...vars }, token);
    expect((await presign({ type: 'image/svg+xml' })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'content_type' });
    expect((await presign({ type: 'application/pdf' })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'content_type' });
    expect((await presign({ size: 5 * 1024 * 1024 + 1 })).errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'size' });
    for (const t of [w.tokens.teacher, w.tokens.parent, w.tokens.blog]) {
      expect((await presign({}, t)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    // A manager of Y does not reach X.
    expect((await presign({}, w.tokens.mgrY)).errors?.[0]?.extensions?.code).toMatch(/FORBIDDEN|NOT_FOUND/);

    const gif = await sharp({ create: { width: 3200, height: 1000, channels: 3, background: 'blue' } }).gif().toBuffer();
    const { file } = await upload(w.tokens.mgrX, w.X, gif, 'image/gif', 'banner.gif', 'newsletter_image');
    expect(file).toMatchObject({ status: 'ready', content_type: 'image/webp', width: 1600, height: 500 });
    expect((await fetchSigned(file.url)).statusCode).toBe(200);
    const row = await findFile(db(), file.id);
    expect(await fileUrls(viewerCtx(w.ids.teacher, 'teacher'), { ...row! })).toBeNull();
    expect(await fileUrls(viewerCtx(w.ids.mgrY, 'manager'), { ...row! })).toBeNull();
    expect(await fileUrls(viewerCtx(w.ids.owner, 'center'), { ...row! })).not.toBeNull();

    // A manager without announcements.manage is refused.
    const r = await db().raw(
      `delete from role_permissions where role_id = (select id from roles where name = 'manager')
         and permission_id = (select id from permissions where name = 'announcements.manage') returning role_id, permission_id`,
    );
    try {
      expect((await presign({})).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    } finally {
      await db()('role_permissions').insert(r.rows);
    }
  });
});

describe('files on S3 (the real SDK against s3rver)', () => {
  it('runs the same pipeline: signed POST to the bucket, check job, signed GET with the photo', async () => {
    const s3 = await startS3rver();
    const local = h.deps.files;
    h.deps.files = s3.store;
    try {
      const body = await jpegWithGps(1000, 800);
      const p = await w.q(PRESIGN, { purpose: 'student_photo', owner: w.kidX2, type: 'image/jpeg', size: body.length }, w.tokens.owner);
      const ticket = p.data!.getPresignedUploadUrl;
      expect(ticket.url.startsWith(s3.endpoint)).toBe(true);
      const fields = Object.fromEntries(ticket.fields.map((f: { name: string; value: string }) => [f.name, f.value]));
      expect((await postUpload({ url: ticket.url, fields }, body)).status).toBe(204);
      expect((await w.q(COMPLETE, { id: ticket.upload_id }, w.tokens.owner)).data?.completeUpload.status).toBe('checking');
      expect(await checkQueuedUpload({ ...jobDeps(), files: s3.store }, w.c.entry.id, ticket.upload_id)).toEqual({
        status: 'ready',
        reason: null,
      });
      const seen = (await w.q(PHOTO, { id: w.kidX2 }, w.parent2.token)).data!.student.photo;
      // Turned upright (the fixture's 90° orientation tag).
      expect(seen).toMatchObject({ status: 'ready', width: 800, height: 1000, content_type: 'image/webp' });
      const res = await fetch(seen.thumbnail_url);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).exif).toBeUndefined();
      expect(await s3.store.stat(fields.key!)).toBeNull();
    } finally {
      h.deps.files = local;
      await s3.stop();
    }
  });
});
