import assert from 'node:assert/strict';
import { api } from './support/api';
import { settled } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

const DOT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export const journeys: Journey[] = [
  {
    name: 'an admin uploads an image into a platform template: WebP on the platform host, public',
    async run({ pageAs }) {
      const admin = await pageAs(hosts.platform, 'admin');
      const list = await api<{ getNewsletters: { data: { id: string; name: string }[] } }>(
        admin,
        '{ getNewsletters(first: 100, is_temp: true) { data { id name } } }',
      );
      const seeded = list.getNewsletters.data.find((t) => t.name === 'Monthly update');
      assert.ok(seeded, 'the seeded template with a banner');
      await admin.goto(`${hosts.platform}/newsletters/1/${seeded.id}`);
      await settled(admin);
      await admin.getByTestId('newsletter-builder').waitFor();
      // The asset manager of the banner uploads to the platform's own store (not saved: the seed stays as it is).
      await admin.frameLocator('.gjs-frame').locator('img').first().dblclick();
      const previews = () =>
        admin.evaluate(() => [...document.querySelectorAll('.gjs-am-assets .gjs-am-asset .gjs-am-preview')].map((e) => getComputedStyle(e).backgroundImage));
      const before = await previews();
      await admin.locator('.gjs-am-file-uploader input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: DOT_PNG });
      await admin.waitForFunction((n) => document.querySelectorAll('.gjs-am-assets .gjs-am-asset').length > n, before.length, { timeout: 60_000 });
      const urls = (await previews()).filter((u) => !before.includes(u));
      const uploaded = urls.map((u) => /\/n\/([0-9a-f]{64}\.webp)/.exec(u)?.[1]).find(Boolean);
      assert.ok(uploaded, `the asset is the platform's hashed WebP (${urls.join(', ')})`);
      const res = await admin.evaluate(async (url) => {
        const r = await fetch(url, { credentials: 'omit' });
        return { status: r.status, type: r.headers.get('content-type') };
      }, `/n/${uploaded}`);
      assert.deepEqual(res, { status: 200, type: 'image/webp' });
    },
  },
];
