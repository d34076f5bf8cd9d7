import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

/** 2400 × 1800, EXIF with GPS coordinates, camera make "KidsVisionTestPhone" and a 90° orientation. */
const phonePhoto = () => readFileSync(new URL('./support/fixtures/phone-photo-gps.jpg', import.meta.url));

export const journeys: Journey[] = [
  {
    name: "a manager uploads a child's photo: it goes through the check, loses its GPS tags and shows as a thumbnail",
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.demo, 'manager');
      const list = await api<{ students: { data: { id: string; full_name: string }[] } }>(
        page,
        '{ students(first: 1, status: true) { data { id full_name } } }',
      );
      const student = list.students.data[0];
      assert.ok(student, 'the demo centre has a student the manager reaches');
      await page.goto(`${hosts.demo}/teacher/student/${student.id}`);
      await page.getByTestId('student-profile').waitFor();
      await settled(page);

      // Most seeded children have a photo already: the new one is the image whose source changes.
      const before = await page.evaluate(
        () => document.querySelector<HTMLImageElement>('[data-testid="student-photo-image"] img')?.currentSrc ?? null,
      );
      const input = page.getByTestId('student-photo').locator('input[type="file"]');
      await input.setInputFiles({ name: 'phone photo.jpg', mimeType: 'image/jpeg', buffer: phonePhoto() });
      await page.getByText('Photo saved.').waitFor({ timeout: 60_000 });
      const img = page.getByTestId('student-photo-image').locator('img');
      await img.waitFor();
      await page.waitForFunction(
        (previous) => {
          const el = document.querySelector<HTMLImageElement>('[data-testid="student-photo-image"] img');
          return Boolean(el && el.currentSrc !== previous && el.complete && el.naturalWidth > 0);
        },
        before,
        { timeout: 20_000 },
      );

      // The thumbnail: upright (portrait after the 90° tag), long side 320, WebP with no metadata.
      const shown = await img.evaluate((el: HTMLImageElement) => ({ w: el.naturalWidth, h: el.naturalHeight, src: el.currentSrc }));
      assert.equal(Math.max(shown.w, shown.h), 320);
      assert.ok(shown.h > shown.w, `portrait thumbnail (${shown.w} × ${shown.h})`);
      const bytes = await page.evaluate(async (url) => {
        const response = await fetch(url);
        const data = new Uint8Array(await response.arrayBuffer());
        const text = Array.from(data, (b) => String.fromCharCode(b)).join('');
        return {
          status: response.status,
          type: response.headers.get('content-type'),
          webp: text.startsWith('RIFF') && text.slice(8, 12) === 'WEBP',
          metadata: text.includes('EXIF') || text.includes('Exif') || text.includes('KidsVisionTestPhone') || text.includes('XMP '),
        };
      }, shown.src);
      assert.deepEqual(bytes, { status: 200, type: 'image/webp', webp: true, metadata: false });

      // The full photo: capped at the purpose's 1600 px, readable by the manager through the API.
      const photo = await api<{ student: { photo: { width: number; height: number; url: string; content_type: string } | null } }>(
        page,
        'query ($id: ID!) { student(id: $id) { photo { width height url content_type } } }',
        { id: student.id },
      );
      assert.deepEqual(
        { w: photo.student.photo?.width, h: photo.student.photo?.height, type: photo.student.photo?.content_type },
        { w: 1200, h: 1600, type: 'image/webp' },
      );
      await checkA11y(page, 'demo /teacher/student/:userId with a photo');
    },
  },
];
