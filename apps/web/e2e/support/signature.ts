import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

/** Draws a short stroke on the shared signature pad with the mouse (pointer events). */
export async function sign(page: Page): Promise<void> {
  const pad = page.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = await pad.boundingBox();
  assert.ok(box, 'signature pad not visible');
  await page.mouse.move(box.x + 30, box.y + 40);
  await page.mouse.down();
  for (let i = 1; i <= 10; i += 1) await page.mouse.move(box.x + 30 + i * 20, box.y + 40 + (i % 2) * 30, { steps: 2 });
  await page.mouse.up();
}
