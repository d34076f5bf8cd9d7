import type { Knex } from 'knex';
import sharp from 'sharp';
import type { FileStore } from '@kv/files';
import { cleanNewsletterHtml } from '@kv/messaging';
import { storeTemplateImage } from './images.ts';
import * as repo from './repo.ts';

const block = (title: string, colour: string, body: string, banner?: { url: string; alt: string }) =>
  `<style>.wrap{font-family:Arial,sans-serif;color:#333}.head{background:${colour};color:#fff;padding:24px;text-align:center}.cell{padding:16px 24px;line-height:1.5}.banner{display:block;width:100%;max-width:600px;height:auto;margin:0 auto}</style>` +
  `<table class="wrap" width="100%" cellpadding="0" cellspacing="0"><tr><td class="head"><h1>${title}</h1></td></tr>` +
  (banner ? `<tr><td><img class="banner" src="${banner.url}" alt="${banner.alt}" width="600"></td></tr>` : '') +
  `<tr><td class="cell">${body}</td></tr></table>`;

interface DemoTemplate {
  name: string;
  tags: string[];
  title: string;
  colour: string;
  body: string;
  /** A header picture (drawn here, stored through the template image path), with its alt text. */
  banner?: { alt: string; sky: string; hill: string; accent: string };
}

/** The platform's three demo templates (the demo seed; once: nothing is added when any exists). */
export const DEMO_TEMPLATES: DemoTemplate[] = [
  {
    name: 'Monthly update',
    tags: ['monthly'],
    title: 'This month at our centre',
    colour: '#7367F0',
    body: '<h2>Highlights</h2><p>What we learned and played this month.</p><h2>Coming up</h2><p>Dates to remember.</p>',
    banner: { alt: 'Sunny hills', sky: '#CFE8FF', hill: '#7BC47F', accent: '#FFC94D' },
  },
  {
    name: 'Event invitation',
    tags: ['events'],
    title: 'You are invited!',
    colour: '#28C76F',
    body: '<p>Join us for a special day with the whole family.</p><p><strong>When:</strong> Saturday, 10:00</p>',
    banner: { alt: 'Balloons over a green field', sky: '#FFF1D6', hill: '#8FD19E', accent: '#FF6B8A' },
  },
  {
    name: 'Holiday closure',
    tags: ['notice'],
    title: 'Holiday hours',
    colour: '#FF9F43',
    body: '<p>Our centre will be closed on the days below. We wish every family a happy holiday!</p>',
  },
];

/** A 1200×400 header picture: sky, sun or balloons, two hills (no text: fonts differ per machine). */
function bannerPng(b: NonNullable<DemoTemplate['banner']>): Promise<Buffer> {
  const balloons = [220, 520, 860]
    .map((x, i) => `<ellipse cx="${x}" cy="${120 + i * 25}" rx="46" ry="58" fill="${b.accent}" opacity="${0.95 - i * 0.15}"/><line x1="${x}" y1="${178 + i * 25}" x2="${x + 10}" y2="${300}" stroke="#555" stroke-width="3"/>`)
    .join('');
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400">` +
    `<rect width="1200" height="400" fill="${b.sky}"/>` +
    `<circle cx="1030" cy="95" r="62" fill="${b.accent}"/>${balloons}` +
    `<ellipse cx="300" cy="470" rx="520" ry="190" fill="${b.hill}"/>` +
    `<ellipse cx="920" cy="500" rx="560" ry="210" fill="${b.hill}" opacity="0.8"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Seeds the demo templates. With a file store, each template with a banner gets its picture through
 * the same path as an admin's upload (`storeTemplateImage`: checked, WebP, `platform/newsletter/`),
 * referenced by its absolute URL on the platform origin, also as the template's `image`.
 */
export async function seedPlatformNewsletterTemplates(db: Knex, images?: { files?: FileStore; platformOrigin: string }): Promise<number> {
  if (await db('newsletter_templates').first('id')) return 0;
  const rows: Record<string, unknown>[] = [];
  for (const t of DEMO_TEMPLATES) {
    let banner: { url: string; alt: string } | undefined;
    if (t.banner && images?.files) {
      const stored = await storeTemplateImage(images.files, images.platformOrigin, await bannerPng(t.banner), 'image/png');
      if (!stored.ok) throw new Error(`Demo template image refused: ${stored.reason}`);
      banner = { url: stored.image.url, alt: t.banner.alt };
    }
    rows.push({ name: t.name, template: cleanNewsletterHtml(block(t.title, t.colour, t.body, banner)), tags: t.tags, is_temp: true, image: banner?.url ?? null });
  }
  await db.transaction(async (trx) => {
    for (const r of rows) await repo.insert(trx, r);
  });
  return rows.length;
}
