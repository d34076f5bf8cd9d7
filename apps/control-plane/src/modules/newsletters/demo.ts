import type { Knex } from 'knex';
import { cleanNewsletterHtml } from '@kv/messaging';
import * as repo from './repo.ts';

const block = (title: string, colour: string, body: string) =>
  `<style>.wrap{font-family:Arial,sans-serif;color:#333}.head{background:${colour};color:#fff;padding:24px;text-align:center}.cell{padding:16px 24px;line-height:1.5}</style>` +
  `<table class="wrap" width="100%" cellpadding="0" cellspacing="0"><tr><td class="head"><h1>${title}</h1></td></tr>` +
  `<tr><td class="cell">${body}</td></tr></table>`;

/** The platform's three demo templates (the demo seed; once: nothing is added when any exists). */
export const DEMO_TEMPLATES = [
  {
    name: 'Monthly update',
    tags: ['monthly'],
    template: block('This month at our centre', '#7367F0', '<h2>Highlights</h2><p>What we learned and played this month.</p><h2>Coming up</h2><p>Dates to remember.</p>'),
  },
  {
    name: 'Event invitation',
    tags: ['events'],
    template: block('You are invited!', '#28C76F', '<p>Join us for a special day with the whole family.</p><p><strong>When:</strong> Saturday, 10:00</p>'),
  },
  {
    name: 'Holiday closure',
    tags: ['notice'],
    template: block('Holiday hours', '#FF9F43', '<p>Our centre will be closed on the days below. We wish every family a happy holiday!</p>'),
  },
];

export async function seedPlatformNewsletterTemplates(db: Knex): Promise<number> {
  if (await db('newsletter_templates').first('id')) return 0;
  await db.transaction(async (trx) => {
    for (const t of DEMO_TEMPLATES) await repo.insert(trx, { name: t.name, template: cleanNewsletterHtml(t.template), tags: t.tags, is_temp: true });
  });
  return DEMO_TEMPLATES.length;
}
