import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { createDatabase, createKnex, dropDatabase, migrateLatest, withDatabase } from '@kv/db';
import { createMessageSender, sendQueuedMessage } from '@kv/messaging';
import type { Knex } from 'knex';
import type { Benchmark } from './lib/context.ts';
import { figure } from './lib/context.ts';
import { median } from './lib/load.ts';
import { startSmtpCatcher } from '../packages/messaging/src/test-smtp.ts';
import { runNewsletterSend } from '../apps/tenant-api/src/modules/newsletters/index.ts';

/** nodemailer as @kv/messaging has it (the workspace root does not depend on it directly). */
interface PlainTransport {
  sendMail(mail: { from: string; to: string; subject: string; html: string; text: string }): Promise<unknown>;
  close(): void;
}
const nodemailer = createRequire(new URL('../packages/messaging/package.json', import.meta.url))('nodemailer') as {
  createTransport(options: { url: string }): PlainTransport;
};

const DATABASE = 'kv_bench_newsletters';
/** Mails in flight at once on both sides: the messages queue's concurrency (registerMessageJobs). */
const CONCURRENCY = 5;
const HTML = '<table width="100%"><tr><td style="padding:24px;font-family:Arial"><h1>Monthly news</h1><p>What we did this month.</p></td></tr></table>';

async function pool<T>(items: readonly T[], n: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(Array.from({ length: n }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

/** A centre database with `count` parents carrying one tag, and a newsletter (kept between rounds). */
async function setup(db: Knex, count: number): Promise<{ newsletterId: string; tagId: string }> {
  const [tag] = await db('tags').insert({ name: 'bench-newsletter' }).returning('id');
  const users = await db('users')
    .insert(Array.from({ length: count }, (_, i) => ({ fname: `P${i}`, lname: 'Bench', username: `bench${i}`, email: `parent${i}@bench.example`, password_hash: 'x', status: true })))
    .returning('id');
  await db.raw(`insert into user_roles (user_id, role_id) select u, (select id from roles where name = 'user') from unnest(?::bigint[]) u`, [users.map((u) => u.id)]);
  await db('user_tags').insert(users.map((u) => ({ user_id: u.id, tag_id: tag.id })));
  const [nl] = await db('newsletters').insert({ name: 'Bench news', template: HTML }).returning('id');
  return { newsletterId: String(nl.id), tagId: String(tag.id) };
}

/**
 * Newsletter mails per second to a local SMTP catcher, end to end: the send job (audience query,
 * unsubscribe and placeholder filters, one deduplicated `outbound_messages` row per address, in
 * batches) and then every row sent as the messages queue does it (row lock, nodemailer SMTP,
 * status update), `CONCURRENCY` at a time — against a plain nodemailer loop sending the same HTML
 * to the same catcher with the same concurrency.
 */
export const newsletterMail: Benchmark = {
  name: 'newsletter-mail',
  title: 'newsletter mails/s to a local SMTP catcher vs a plain nodemailer loop',
  async run(ctx) {
    const count = ctx.quick ? 200 : 1000;
    const admin = createKnex(ctx.pgAdminUrl, { max: 1 });
    const catcher = await startSmtpCatcher();
    await dropDatabase(admin, DATABASE).catch(() => undefined);
    await createDatabase(admin, DATABASE);
    const db = createKnex(withDatabase(ctx.pgAdminUrl, DATABASE), { max: CONCURRENCY + 2 });
    try {
      await migrateLatest(db, 'tenant');
      const { newsletterId, tagId } = await setup(db, count);
      const sender = createMessageSender({ mode: 'live', smtpUrl: catcher.url, emailFrom: 'news@bench.example' });
      const plain = nodemailer.createTransport({ url: catcher.url });

      const ours = async () => {
        const [send] = await db('newsletter_sends')
          .insert({ newsletter_id: newsletterId, subject: 'Monthly news', audience: JSON.stringify({ locations: [], programs: [], tags: [tagId], roles: ['user'], scope: null }) })
          .returning('id');
        const before = catcher.mails.length;
        const t0 = performance.now();
        const job = { data: { centreId: 'bench', sendId: String(send.id) }, log: () => undefined };
        await runNewsletterSend(job, { dbFor: async () => db, originFor: async () => 'http://bench.localhost' });
        const ids = (await db('outbound_messages').where('dedupe_key', 'like', `newsletter:${send.id}:%`).pluck('id')).map(String);
        await pool(ids, CONCURRENCY, (messageId) => sendQueuedMessage({ data: { centreId: 'bench', messageId }, log: () => undefined } as never, { dbFor: async () => db, sender }));
        const sent = catcher.mails.length - before;
        if (sent !== count) throw new Error(`newsletter-mail: ${sent} of ${count} mails arrived`);
        return count / ((performance.now() - t0) / 1000);
      };
      const bare = async () => {
        const before = catcher.mails.length;
        const t0 = performance.now();
        await pool(
          Array.from({ length: count }, (_, i) => i),
          CONCURRENCY,
          (i) => plain.sendMail({ from: 'news@bench.example', to: `parent${i}@bench.example`, subject: 'Monthly news', html: HTML, text: 'Monthly news' }),
        );
        if (catcher.mails.length - before !== count) throw new Error('newsletter-mail: the plain loop lost mails');
        return count / ((performance.now() - t0) / 1000);
      };
      await ours();
      await bare();
      const a: number[] = [];
      const b: number[] = [];
      const reps = ctx.quick ? 1 : ctx.reps;
      for (let rep = 0; rep < reps; rep++) {
        a.push(await ours());
        b.push(await bare());
        ctx.log(`  #${rep + 1}: newsletter ${a.at(-1)!.toFixed(0)} mails/s, plain nodemailer ${b.at(-1)!.toFixed(0)} mails/s`);
      }
      plain.close();
      return [figure('newsletter-mail', `newsletter send, ${count} parents (mails/s)`, median(a), median(b), 'plain nodemailer loop, same catcher', 'mails/s')];
    } finally {
      await db.destroy();
      await dropDatabase(admin, DATABASE).catch(() => undefined);
      await admin.destroy();
      await catcher.close();
    }
  },
};
