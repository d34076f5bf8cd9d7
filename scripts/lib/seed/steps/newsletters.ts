import { cleanNewsletterHtml } from '@kv/messaging';
import { allocateIds, insertMany, type SeedStep } from '../context.ts';

/**
 * Newsletters (issue 18): 2 centre templates, 28 newsletters (3 published to the parents' archive,
 * 1 sent with its log), 30 unsubscribed emails and 30 unsubscribed SMS numbers. The README's
 * families are never on the lists, so the browser journeys can unsubscribe them themselves.
 */
const WORDS = {
  childcare: {
    templates: ['Classroom news', 'Family letter'],
    topics: ['Welcome back', 'Autumn harvest', 'Picture day', 'Thanksgiving week', 'Winter clothing', 'Holiday concert', 'New year goals', 'Snow day rules', 'Valentine crafts', 'Spring planting', 'Earth day', 'Teacher appreciation', 'Summer camp', 'Graduation day'],
    body: 'What the children explored, made and learned together.',
  },
  petcare: {
    templates: ['Pack news', 'Owner letter'],
    topics: ['Welcome pups', 'Autumn walks', 'Photo day', 'Thanksgiving boarding', 'Winter paw care', 'Holiday costumes', 'New year training', 'Snow day rules', 'Valentine treats', 'Spring grooming', 'Flea season', 'Groomer appreciation', 'Summer splash', 'Puppy graduation'],
    body: 'What the pups played, sniffed and learned together.',
  },
} as const;

const html = (title: string, body: string, colour: string) =>
  cleanNewsletterHtml(
    `<style>.head{background:${colour};color:#fff;padding:24px;text-align:center;font-family:Arial,sans-serif}.cell{padding:16px 24px;font-family:Arial,sans-serif;line-height:1.5}</style>` +
      `<table width="100%"><tr><td class="head"><h1>${title}</h1></td></tr><tr><td class="cell"><p>${body}</p></td></tr></table>`,
  );

export const newslettersStep: SeedStep = {
  name: 'newsletters',
  async run({ trx, def, now, faker, ownerId }) {
    const words = def.kind === 'petcare' ? WORDS.petcare : WORDS.childcare;
    const owner = await ownerId();
    const colours = ['#7367F0', '#28C76F', '#FF9F43', '#00CFE8', '#EA5455'];
    const ids = await allocateIds(trx, 'newsletters', 30);
    const day = 86_400_000;
    const rows: Record<string, unknown>[] = [];
    words.templates.forEach((name, k) =>
      rows.push({
        id: ids[k],
        name,
        template: html(name, words.body, colours[k]!),
        is_temp: true,
        uploaded: false,
        published: false,
        published_at: null,
        log: [],
        tags: ['template'],
        created_by: owner,
        updated_by: owner,
        created_at: new Date(now.getTime() - (200 + k) * day).toISOString(),
        updated_at: new Date(now.getTime() - (200 + k) * day).toISOString(),
      }),
    );
    for (let k = 0; k < 28; k++) {
      const topic = words.topics[k % words.topics.length]!;
      const name = k < words.topics.length ? topic : `${topic} (${faker.date.month()})`;
      const at = new Date(now.getTime() - (k * 9 + faker.number.int({ min: 0, max: 5 })) * day);
      const published = k >= 1 && k <= 3;
      rows.push({
        id: ids[k + 2],
        name,
        template: html(name, words.body, faker.helpers.arrayElement(colours)),
        is_temp: false,
        uploaded: false,
        log: [],
        published,
        published_at: published ? at.toISOString() : null,
        tags: faker.helpers.arrayElements(['monthly', 'events', 'notice', 'seasonal'], { min: 0, max: 2 }),
        created_by: owner,
        updated_by: owner,
        created_at: at.toISOString(),
        updated_at: at.toISOString(),
      });
    }
    await insertMany(trx, 'newsletters', rows);
    // The second newsletter was sent: a finished send and its log entry.
    const sentId = ids[3]!;
    const sentAt = new Date(now.getTime() - 9 * day);
    const [send] = await trx('newsletter_sends')
      .insert({
        newsletter_id: sentId,
        subject: String(rows[3]!.name),
        audience: JSON.stringify({ locations: [], programs: [], tags: [], roles: ['user'], scope: null }),
        status: 'done',
        total: 42,
        queued: 42,
        skipped: 3,
        created_by: owner,
        created_at: sentAt.toISOString(),
        finished_at: new Date(sentAt.getTime() + 90_000).toISOString(),
      })
      .returning('id');
    const log = [
      {
        send_id: String(send.id),
        subject: rows[3]!.name,
        status: 'done',
        total: 42,
        queued: 42,
        skipped: 3,
        created_at: sentAt.toISOString(),
        finished_at: new Date(sentAt.getTime() + 90_000).toISOString(),
      },
    ];
    await trx('newsletters').where({ id: sentId }).update({ log: JSON.stringify(log) });

    // The unsubscribed lists: generated addresses and numbers, never a named family's.
    const named = new Set(
      (await trx('users').whereIn('username', def.families.flatMap((f) => f.contacts.map((c) => c.username))).pluck('email')).map((e) => String(e).toLowerCase()),
    );
    const emails = new Set<string>();
    while (emails.size < 30) {
      const e = faker.internet.email({ provider: 'example.com' }).toLowerCase();
      if (!named.has(e)) emails.add(e);
    }
    const sources = ['link', 'one_click', 'confirm'];
    await trx('email_unsubscribes')
      .insert([...emails].map((email, k) => ({ email, source: sources[k % 3], created_at: new Date(now.getTime() - k * 2 * day).toISOString() })))
      .onConflict(trx.raw('(email)'))
      .ignore();
    const phones = new Set<string>();
    while (phones.size < 30) phones.add(`+1555${faker.string.numeric(7)}`);
    await trx('sms_unsubscribes')
      .insert([...phones].map((phone, k) => ({ phone, source: k % 5 === 0 ? 'manual' : 'stop', created_at: new Date(now.getTime() - k * 3 * day).toISOString() })))
      .onConflict('phone')
      .ignore();
    return `${rows.length - 2} newsletters (3 published, 1 sent), 2 templates, 30 unsubscribed emails, 30 unsubscribed numbers`;
  },
};
