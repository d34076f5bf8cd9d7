import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { api } from './api';

/** A 2400 × 1800 JPEG with GPS tags (the files journey's fixture), which the server's check removes: a photo like any phone's. */
export const groupPhoto = () => readFileSync(new URL('./fixtures/phone-photo-gps.jpg', import.meta.url));

/** A child's photo consent as the API holds it (own_family when none was ever recorded). */
export async function consentOf(page: Page, id: string): Promise<string> {
  const data = await api<{ student: { photo_consent: { consent: string } | null } }>(
    page,
    'query($id: ID!) { student(id: $id) { photo_consent { consent } } }',
    { id },
  );
  return data.student.photo_consent?.consent ?? 'own_family';
}
