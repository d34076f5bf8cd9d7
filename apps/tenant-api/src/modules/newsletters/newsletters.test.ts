import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ControlPlaneClient } from '@kv/auth';
import { LocalFileStore } from '@kv/files';
import { checkAndStore } from '../files/index.ts';
import type { Harness } from '../../test/harness.ts';
import { buildWorld, code, createPeopleHarness, field, type World } from '../students/test-fixtures.ts';
import { runNewsletterSend, signUnsubscribe, unsubscribeSecret } from './index.ts';

let h: Harness;
let w: World;
let b: World;
let root: string;
let store: LocalFileStore;
const db = () => w.c.db.db;

/** The platform's catalogue as the control-plane channel would answer it. */
const controlPlane: ControlPlaneClient = {
  catalogue: async (_centre, name) => ({
    name,
    title: 'Newsletter templates',
    description: null,
    updated_at: new Date().toISOString(),
    items: name === 'newsletter-templates' ? [{ key: 'spring', position: 1, data: { name: 'Spring news', template: '<p>Spring</p>', image: null } }] : [],
  }),
  plan: async () => {
    throw new Error('not in this test');
  },
  reportWebsites: async () => {
    throw new Error('not in this test');
  },
  billing: async () => {
    throw new Error('not in this test');
  },
  payInvoice: async () => {
    throw new Error('not in this test');
  },
};

const NL = `id name template key image is_temp uploaded published published_at tags log { send_id subject status total queued skipped }`;
const CREATE = `mutation($name: String!, $template: String, $tags: [String!], $is_temp: Boolean) {
  createNewsletter(name: $name, template: $template, tags: $tags, is_temp: $is_temp) { status message newsletter { ${NL} } } }`;
const UPDATE = `mutation($id: ID!, $name: String, $template: String) { updateNewsletter(id: $id, name: $name, template: $template) { newsletter { ${NL} } } }`;
const DELETE = `mutation($id: ID!) { deleteNewsletter(id: $id) { status newsletter { id } } }`;
const DUPLICATE = `mutation($id: ID!) { duplicateNewsletter(id: $id) { newsletter { ${NL} } } }`;
const PUBLISH = `mutation($id: ID!, $published: Boolean) { publishNewsletter(id: $id, published: $published) { newsletter { id published } } }`;
const LIST = `query($is_temp: Boolean, $tag: String) { getNewsletters(is_temp: $is_temp, tag: $tag, first: 50) { data { id name } paginatorInfo { total } } }`;
const ARCHIVE = `query { getPublishedNewsletters(first: 50) { data { id name } } }`;
const TEMPLATES = `query { getNewsletterTemplates { id key name template source } }`;
const TAGS = `query { getNewsletterTags }`;
const SEND = `mutation($id: ID!, $subject: String!, $audience: NewsletterAudience!) {
  sendNewsletterAction(id: $id, subject: $subject, audience: $audience) { status send_id newsletter_id } }`;
const PROGRESS = `query($id: ID!) { getNewsletterSend(send_id: $id) { send_id status total queued skipped } }`;
const UNSUB = `mutation($token: String!) { unsubscribeEmail(token: $token) { status email } }`;
const REQUEST = `mutation($email: String!) { requestUnsubscribeLink(email: $email) { status message } }`;
const EMAILS = `query($csv: Boolean, $search: String) { getUnsubscribedEmails(first: 10, csv: $csv, search: $search) { data { email source } paginatorInfo { total } csv } }`;
const SMS = `query($csv: Boolean) { getUnsubscribedSms(first: 10, csv: $csv) { data { phone source } paginatorInfo { total } csv } }`;

const count = async (table: string) => Number((await db()(table).count({ n: '*' }))[0]!.n);

async function create(vars: Record<string, unknown> = {}, q = w.q, token = w.tokens.mgrX) {
  const r = await q(CREATE, { name: 'May news', template: '<p>Hello families</p>', ...vars }, token);
  expect(r.errors).toBeUndefined();
  return r.data!.createNewsletter.newsletter as { id: string; [k: string]: any };
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'kv-newsletter-images-'));
  store = new LocalFileStore({ root, secret: 'newsletter-test-secret-newsletter-test' });
  h = await createPeopleHarness({ controlPlane, files: store });
  w = await buildWorld(h, h.centres[0]!);
  b = await buildWorld(h, h.centres[1]!, 'b');
});

afterAll(async () => {
  await h?.close();
  await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await db()('newsletters').delete();
  await db()('outbound_messages').delete();
  await db()('email_unsubscribes').delete();
});

describe('newsletters: bad input and access', () => {
  it('bad input names its field and writes nothing', async () => {
    const n = await create();
    const before = [await count('newsletters'), await count('newsletter_sends'), await count('outbox')];
    const noName = await w.q(CREATE, { name: '  ' }, w.tokens.mgrX);
    expect([code(noName), field(noName)]).toEqual(['BAD_USER_INPUT', 'name']);
    const longTag = await w.q(CREATE, { name: 'x', tags: ['y'.repeat(41)] }, w.tokens.mgrX);
    expect([code(longTag), field(longTag)]).toEqual(['BAD_USER_INPUT', 'tags.0']);
    const noSubject = await w.q(SEND, { id: n.id, subject: '', audience: { locations: [w.X] } }, w.tokens.mgrX);
    expect([code(noSubject), field(noSubject)]).toEqual(['BAD_USER_INPUT', 'subject']);
    const nobody = await w.q(SEND, { id: n.id, subject: 'News', audience: {} }, w.tokens.mgrX);
    expect([code(nobody), field(nobody)]).toEqual(['BAD_USER_INPUT', 'audience']);
    const badRole = await w.q(SEND, { id: n.id, subject: 'News', audience: { locations: [w.X], roles: ['admin'] } }, w.tokens.mgrX);
    expect([code(badRole), field(badRole)]).toEqual(['BAD_USER_INPUT', 'audience.roles.0']);
    const otherLocation = await w.q(SEND, { id: n.id, subject: 'News', audience: { locations: [w.Y] } }, w.tokens.mgrX);
    expect([code(otherLocation), field(otherLocation)]).toEqual(['NOT_FOUND', 'audience.locations']);
    const otherRoom = await w.q(SEND, { id: n.id, subject: 'News', audience: { programs: [w.roomY] } }, w.tokens.mgrX);
    expect([code(otherRoom), field(otherRoom)]).toEqual(['NOT_FOUND', 'audience.programs']);
    const badTemplate = await w.q(UPDATE, { id: n.id, template: 'x'.repeat(500_001) }, w.tokens.mgrX);
    expect([code(badTemplate), field(badTemplate)]).toEqual(['BAD_USER_INPUT', 'template']);
    expect([await count('newsletters'), await count('newsletter_sends'), await count('outbox')]).toEqual(before);
  });

  it('managers with announcements.manage and the owner only; another centre’s newsletter is not found', async () => {
    const n = await create();
    for (const t of [w.tokens.parent, w.tokens.teacher, w.tokens.blog]) expect(code(await w.q(LIST, {}, t))).toBe('FORBIDDEN');
    expect(code(await w.q(DELETE, { id: n.id }, w.tokens.teacher))).toBe('FORBIDDEN');
    expect((await w.q(LIST, {}, w.tokens.owner)).data!.getNewsletters.paginatorInfo.total).toBe(1);
    // Centre B's manager reaches B only: A's id names nothing there, and A's token is nobody at B.
    const bDelete = await b.q(DELETE, { id: n.id }, b.tokens.mgrX);
    expect([code(bDelete), field(bDelete)]).toEqual(['NOT_FOUND', 'id']);
    expect(code(await b.q(LIST, {}, w.tokens.mgrX))).toBe('UNAUTHENTICATED');
    expect(await count('newsletters')).toBe(1);
    // A manager who loses announcements.manage is refused.
    await db().raw(
      `delete from role_permissions where role_id = (select id from roles where name = 'manager')
         and permission_id = (select id from permissions where name = 'announcements.manage') returning role_id, permission_id`,
    ).then(async (r) => {
      try {
        expect(code(await w.q(LIST, {}, w.tokens.mgrX))).toBe('FORBIDDEN');
      } finally {
        await db()('role_permissions').insert(r.rows);
      }
    });
  });
});

describe('newsletters: operations', () => {
  it('sanitises the HTML and inlines its CSS; update, duplicate, publish, delete, tags, templates', async () => {
    const n = await create({
      template: '<style>p { color: red }</style><p onclick="steal()">Hi <a href="javascript:alert(1)">x</a></p><script>alert(1)</script><img src="https://example.test/a.png">',
      tags: ['Spring', 'events', 'spring'],
    });
    expect(n.template).toContain('<p style="color:red">');
    expect(n.template).not.toMatch(/script|onclick|javascript:|<style/i);
    expect(n.template).toContain('<img src="https://example.test/a.png"');
    expect(n.tags).toEqual(['spring', 'events']);
    const u = (await w.q(UPDATE, { id: n.id, name: 'June news', template: '<p>June</p>' }, w.tokens.mgrX)).data!.updateNewsletter.newsletter;
    expect([u.name, u.template]).toEqual(['June news', '<p>June</p>']);
    const copy = (await w.q(DUPLICATE, { id: n.id }, w.tokens.mgrX)).data!.duplicateNewsletter.newsletter;
    expect([copy.name, copy.published, copy.log]).toEqual(['June news (copy)', false, []]);
    expect((await w.q(ARCHIVE, {}, w.tokens.parent)).data!.getPublishedNewsletters.data).toEqual([]);
    expect((await w.q(PUBLISH, { id: n.id }, w.tokens.mgrX)).data!.publishNewsletter.newsletter.published).toBe(true);
    expect((await w.q(ARCHIVE, {}, w.tokens.parent)).data!.getPublishedNewsletters.data.map((x: { id: string }) => x.id)).toEqual([n.id]);
    expect((await w.q(TAGS, {}, w.tokens.mgrX)).data!.getNewsletterTags).toEqual(['events', 'spring']);
    expect((await w.q(LIST, { tag: 'EVENTS' }, w.tokens.mgrX)).data!.getNewsletters.paginatorInfo.total).toBe(2);
    const own = await create({ name: 'Our layout', is_temp: true });
    expect((await w.q(LIST, { is_temp: true }, w.tokens.mgrX)).data!.getNewsletters.data.map((x: { id: string }) => x.id)).toEqual([own.id]);
    const templates = (await w.q(TEMPLATES, {}, w.tokens.mgrX)).data!.getNewsletterTemplates;
    expect(templates.map((t: { id: string; source: string }) => `${t.source}:${t.id}`)).toEqual(['platform:platform:spring', `centre:${own.id}`]);
    expect((await w.q(DELETE, { id: copy.id }, w.tokens.mgrX)).data!.deleteNewsletter.status).toBe(true);
    expect(await db()('newsletters').where({ id: copy.id }).first()).toBeUndefined();
  });
});

describe('newsletters: sending', () => {
  it('a send to 500 (3 unsubscribed, 2 duplicates, 1 placeholder) mails 494, even when the worker dies halfway', async () => {
    const [room] = await db()('programs').insert({ name: 'Big room', location_id: w.X }).returning('id');
    const [kid] = await db()('students').insert({ fname: 'Many', lname: 'Guardians', location_id: w.X, program_id: room.id, status: true }).returning('id');
    const emails = Array.from({ length: 500 }, (_, i) => `family${i}@example.test`);
    emails[498] = 'FAMILY0@example.test';
    emails[499] = 'family1@example.test';
    emails[497] = 'temp497@example.test';
    const users = await db()('users')
      .insert(emails.map((email, i) => ({ fname: `F${i}`, lname: 'Family', username: `fam${i}`, email, password_hash: 'x', status: true })))
      .returning('id');
    await db().raw(`insert into user_roles (user_id, role_id) select u, (select id from roles where name = 'user') from unnest(?::bigint[]) u`, [users.map((u) => u.id)]);
    await db()('student_users').insert(users.map((u) => ({ student_id: kid.id, user_id: u.id })));
    await db()('email_unsubscribes').insert(['family10@example.test', 'family11@example.test', 'family12@example.test'].map((email) => ({ email })));

    const n = await create();
    const r = await w.q(SEND, { id: n.id, subject: 'Big news', audience: { programs: [String(room.id)] } }, w.tokens.mgrX);
    expect(r.errors).toBeUndefined();
    const sendId = r.data!.sendNewsletterAction.send_id as string;
    expect(await db()('outbox').where({ name: 'newsletter-send' }).count({ n: '*' })).toEqual([{ n: '1' }]);

    const job = { data: { centreId: w.c.entry.id, sendId }, log: () => undefined };
    const deps = { dbFor: async () => db(), originFor: async () => 'http://a.test.localhost:3000' };
    // The worker is killed after 200 mails are queued…
    await expect(
      runNewsletterSend(job, { ...deps, afterBatch: (q) => { if (q >= 200) throw new Error('worker killed'); } }),
    ).rejects.toThrow('worker killed');
    expect(await count('outbound_messages')).toBe(200);
    expect((await w.q(PROGRESS, { id: sendId }, w.tokens.mgrX)).data!.getNewsletterSend).toMatchObject({ status: 'sending', queued: 200, total: 494 });
    // …and the job runs again: only what is missing is queued, once.
    const done = await runNewsletterSend(job, deps);
    expect(done).toMatchObject({ status: 'done', total: 494, queued: 494, skipped: 6 });
    await runNewsletterSend(job, deps);
    expect(await count('outbound_messages')).toBe(494);
    const rows = await db()('outbound_messages').select('recipient', 'headers', 'body_html', 'subject');
    expect(new Set(rows.map((m) => m.recipient)).size).toBe(494);
    expect(rows.some((m) => /temp497|family1[012]@/.test(m.recipient))).toBe(false);
    const one = rows.find((m) => m.recipient === 'family5@example.test')!;
    expect(one.subject).toBe('Big news');
    expect(one.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(one.headers['List-Unsubscribe']).toMatch(/^<http:\/\/a\.test\.localhost:3000\/unsubscribe\/[\w-]+\.[\w-]+>$/);
    expect(one.body_html).toContain('Hello families');
    const log = (await w.q(`query($id: ID!) { getNewsletter(id: $id) { log { send_id status queued skipped } } }`, { id: n.id }, w.tokens.mgrX)).data!.getNewsletter.log;
    expect(log).toEqual([{ send_id: sendId, status: 'done', queued: 494, skipped: 6 }]);
  });
});

describe('unsubscribe', () => {
  it('a signed link unsubscribes; a tampered one or another centre’s is refused; the one-click POST works', async () => {
    const secretA = await unsubscribeSecret(db());
    const token = signUnsubscribe(secretA, 'Parent.One@example.test');
    const ok = await w.q(UNSUB, { token });
    expect(ok.data!.unsubscribeEmail).toEqual({ status: true, email: 'parent.one@example.test' });
    const [head, sig] = token.split('.');
    const forged = `${Buffer.from('someone@example.test').toString('base64url')}.${sig}`;
    const tampered = await w.q(UNSUB, { token: forged });
    expect([code(tampered), field(tampered)]).toEqual(['BAD_USER_INPUT', 'token']);
    const flipped = await w.q(UNSUB, { token: `${head}.${sig!.slice(0, -2)}AA` });
    expect(code(flipped)).toBe('BAD_USER_INPUT');
    // Centre B signs with its own secret: A's link means nothing there.
    expect(code(await b.q(UNSUB, { token }))).toBe('BAD_USER_INPUT');

    const post = (t: string) =>
      h.app.inject({
        method: 'POST',
        url: `/unsubscribe/${t}`,
        headers: { host: w.c.host, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const oneClick = await post(signUnsubscribe(secretA, 'second@example.test'));
    expect(oneClick.statusCode).toBe(200);
    expect((await post(forged)).statusCode).toBe(400);
    const list = (await w.q(EMAILS, { csv: true }, w.tokens.mgrX)).data!.getUnsubscribedEmails;
    expect(list.data).toEqual([
      { email: 'second@example.test', source: 'one_click' },
      { email: 'parent.one@example.test', source: 'link' },
    ]);
    expect(list.csv.split('\n')[0]).toBe('email,source,created_at');
    expect(list.csv.trim().split('\n')).toHaveLength(3);
    expect(code(await w.q(EMAILS, {}, w.tokens.parent))).toBe('FORBIDDEN');
  });

  it('the guest page without a token mails the confirm link; bad addresses name the field', async () => {
    const bad = await w.q(REQUEST, { email: 'not-an-email' });
    expect([code(bad), field(bad)]).toEqual(['BAD_USER_INPUT', 'email']);
    const r = await w.q(REQUEST, { email: 'Someone@Example.test' });
    expect(r.data!.requestUnsubscribeLink.status).toBe(true);
    const mail = await db()('outbound_messages').where({ recipient: 'someone@example.test' }).first();
    const link = /\/unsubscribe\/([\w-]+\.[\w-]+)/.exec(mail.body_html)![1]!;
    expect((await w.q(UNSUB, { token: link })).data!.unsubscribeEmail.email).toBe('someone@example.test');
  });

  it('getUnsubscribedSms lists the STOP numbers, paged, with CSV', async () => {
    await db()('sms_unsubscribes').delete();
    await db()('sms_unsubscribes').insert([{ phone: '+15550000001', source: 'stop' }, { phone: '+15550000002', source: 'manual' }]);
    const r = (await w.q(SMS, { csv: true }, w.tokens.mgrX)).data!.getUnsubscribedSms;
    expect(r.paginatorInfo.total).toBe(2);
    expect(r.csv.trim().split('\n')).toHaveLength(3);
  });
});

describe('newsletters: images', () => {
  const PRESIGN = `mutation($owner: ID!, $type: String!, $size: Int!, $purpose: String!) {
    getPresignedUploadUrl(purpose: $purpose, owner_id: $owner, content_type: $type, size: $size) { upload_id } }`;
  const STATUS = `query($id: ID!) { uploadStatus(upload_id: $id) { id status url } }`;

  /** A checked file of a purpose, as the check job leaves it; answers its signed URL. */
  async function storedImage(purpose: string, owner: string, colour: string) {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: colour } }).png().toBuffer();
    const p = await w.q(PRESIGN, { purpose, owner, type: 'image/png', size: png.length }, w.tokens.mgrX);
    expect(p.errors).toBeUndefined();
    const fileId = p.data!.getPresignedUploadUrl.upload_id as string;
    const r = await checkAndStore(store, w.c.entry.id, fileId, purpose, png, 'image/png');
    if (!r.ok) throw new Error(r.reason);
    await db()('files').where({ id: fileId }).update({ ...r.ready, variants: JSON.stringify(r.ready.variants), size: String(r.ready.size) });
    const s = await w.q(STATUS, { id: fileId }, w.tokens.mgrX);
    expect(s.data?.uploadStatus.status).toBe('ready');
    return { fileId, url: s.data!.uploadStatus.url as string, key: (await db()('files').where({ id: fileId }).first()).key as string };
  }
  const get = (url: string, host = w.c.host) => h.app.inject({ method: 'GET', url, headers: { host } });

  it('send and publish copy the newsletter images to public hashed URLs; nothing else becomes public', async () => {
    const img = await storedImage('newsletter_image', w.X, 'orange');
    const other = await storedImage('student_photo', w.kidX, 'green');
    const n = await create({ template: `<p>Hi</p><img src="${img.url}" alt="a"><img src="${other.url}" alt="b">` });
    expect(n.template).toContain(img.url.replace(/&/g, '&amp;'));
    const send = await w.q(SEND, { id: n.id, subject: 'May', audience: { locations: [w.X] } }, w.tokens.mgrX);
    expect(send.errors).toBeUndefined();

    const main = await store.read(`${img.key}/main`, 10_000_000);
    const name = `${createHash('sha256').update(main).digest('hex')}.webp`;
    const origin = h.deps.config.centreOrigin(w.c.entry.slug);
    const saved = (await db()('newsletters').where({ id: n.id }).first()).template as string;
    expect(saved).toContain(`src="${origin}/n/${name}"`);
    expect(saved).not.toContain(`/files/${img.fileId}/`);
    // The student photo is not a newsletter image: left as its (expiring) signed URL, never copied.
    expect(saved).toContain(`/files/${other.fileId}/main`);

    const pub = await get(`/n/${name}`);
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['content-type']).toBe('image/webp');
    expect(Buffer.compare(pub.rawPayload, main)).toBe(0);
    // Another centre's host, a random hash, the photo's own hash, a file id or key: not found.
    expect((await get(`/n/${name}`, b.c.host)).statusCode).toBe(404);
    expect((await get(`/n/${'0'.repeat(64)}.webp`)).statusCode).toBe(404);
    const photoHash = createHash('sha256').update(await store.read(`${other.key}/main`, 10_000_000)).digest('hex');
    expect((await get(`/n/${photoHash}.webp`)).statusCode).toBe(404);
    expect((await get(`/n/${other.fileId}`)).statusCode).toBe(404);
    expect((await get(`/n/${encodeURIComponent(`${other.key}/main`)}`)).statusCode).toBe(404);

    // Publish rewrites the same way (a second copy of the same bytes lands on the same key).
    const again = await create({ template: `<img src="${img.url}">` });
    expect((await w.q(PUBLISH, { id: again.id }, w.tokens.mgrX)).errors).toBeUndefined();
    expect((await db()('newsletters').where({ id: again.id }).first()).template).toContain(`${origin}/n/${name}`);
  });
});
