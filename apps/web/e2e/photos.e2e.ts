import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { networkQuiet, settled } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import { consentOf, groupPhoto } from './support/photos';
import type { Journey } from './support/journey';

interface Child {
  id: string;
  full_name: string;
  location: { id: string; name: string } | null;
}

/** A child of the demo centre by name, as the manager reaches it (tenants/demo.json). */
async function child(page: Page, name: string): Promise<Child> {
  const data = await api<{ students: { data: Child[] } }>(
    page,
    'query($s: String) { students(search: $s, status: true, first: 10) { data { id full_name location { id name } } } }',
    { s: name },
  );
  const found = data.students.data.find((s) => s.full_name === name);
  assert.ok(found?.location, `${name} not found`);
  return found;
}

async function setConsent(page: Page, id: string, consent: string): Promise<void> {
  const data = await api<{ updatePhotoConsent: { status: boolean } }>(
    page,
    'mutation($id: ID!, $c: String!) { updatePhotoConsent(student_id: $id, consent: $c) { status } }',
    { id, c: consent },
  );
  assert.equal(data.updatePhotoConsent.status, true);
}

/** Makes the top bar's location the one given (remembered in local storage), then opens `path`. */
async function openAt(page: Page, location: { id: string; name: string }, path: string): Promise<void> {
  await page.evaluate((value) => localStorage.setItem('current_location', value), JSON.stringify(location));
  await page.goto(`${hosts.demo}${path}`);
  await settled(page);
}

/** The gallery card of the photo with this caption. */
const card = (page: Page, scope: string, caption: string) => page.getByTestId(scope).getByTestId('photo-card').filter({ hasText: caption });

/** Picks a child in the upload form's tag field by searching their name. */
async function tagChild(page: Page, name: string): Promise<void> {
  const input = page.getByTestId('photo-children');
  await input.click();
  await input.fill(name.split(' ')[0]!);
  await page.getByRole('option', { name, exact: true }).click();
}

export const journeys: Journey[] = [
  {
    name: 'a teacher uploads a group photo, the manager approves it, and each family sees what photo consent allows',
    async run({ pageAs, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      // Emma Bennett (the demo parent's child, Downtown Preschool) and Arjun Patel (Sofia Patel's child, Downtown Toddlers).
      const emma = await child(manager, 'Emma Bennett');
      const arjun = await child(manager, 'Arjun Patel');
      const downtown = emma.location!;
      const before = { emma: await consentOf(manager, emma.id), arjun: await consentOf(manager, arjun.id) };
      const settings = await api<{ getLocationSettingData: { approve_photos: boolean } }>(
        manager,
        'query($l: ID!) { getLocationSettingData(location_id: $l) { approve_photos } }',
        { l: downtown.id },
      );
      const saveApproval = (on: boolean) =>
        api(manager, 'mutation($l: ID!, $on: Boolean) { saveParentSettings(location_id: $l, approve_photos: $on) { status } }', {
          l: downtown.id,
          on,
        });
      const caption = `Group painting ${Date.now()}`;
      let photoId: string | null = null;
      try {
        // Staff uploads wait for a manager here; Emma's family keeps photos to itself, Arjun's shares group photos.
        if (!settings.getLocationSettingData.approve_photos) await saveApproval(true);
        await setConsent(manager, emma.id, 'own_family');
        await setConsent(manager, arjun.id, 'other_families');

        // The teacher uploads one group photo of both children to the students album, with its progress.
        const teacher = await pageAs(hosts.demo, 'teacher');
        await openAt(teacher, downtown, '/photos/students');
        await teacher.getByTestId('photos-students').waitFor();
        await teacher.getByTestId('photos-upload').click();
        const form = teacher.getByTestId('photo-upload-form');
        await form.waitFor();
        await form.locator('input[type="file"]').setInputFiles({ name: 'group.jpg', mimeType: 'image/jpeg', buffer: groupPhoto() });
        await form.getByTestId('upload-item').first().waitFor();
        assert.equal(await form.getByTestId('upload-item').first().getAttribute('data-phase'), 'queued');
        await form.getByTestId('photo-caption-input').fill(caption);
        await tagChild(teacher, 'Emma Bennett');
        await tagChild(teacher, 'Arjun Patel');
        // Back to the caption closes the tag list (Escape would close the dialog too).
        await form.getByTestId('photo-caption-input').click();
        // Each file shows its phase while it goes (uploading → checking → saving); the form closes once all are saved.
        await teacher.evaluate(() => {
          const seen: string[] = [];
          (window as unknown as { e2ePhases: string[] }).e2ePhases = seen;
          new MutationObserver(() => {
            for (const el of document.querySelectorAll('[data-testid="upload-item"]')) {
              const phase = el.getAttribute('data-phase');
              if (phase && seen.at(-1) !== phase) seen.push(phase);
            }
          }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
        });
        await form.getByTestId('photo-upload-submit').click();
        await teacher.getByText('Files uploaded: 1.').waitFor({ timeout: 90_000 });
        const phases = await teacher.evaluate(() => (window as unknown as { e2ePhases: string[] }).e2ePhases);
        assert.ok(phases.includes('uploading') && phases.includes('checking'), `upload phases shown: ${phases.join(' → ')}`);
        const uploaded = card(teacher, 'photo-grid', caption);
        await uploaded.waitFor({ timeout: 20_000 });
        assert.equal(await uploaded.getAttribute('data-status'), 'pending');
        photoId = await uploaded.getAttribute('data-photo-id');
        assert.ok(photoId);
        await uploaded.getByTestId('photo-thumb').waitFor();
        await checkA11y(teacher, 'demo /photos/students (teacher)');

        // Pending: neither family sees it yet.
        const parent = await pageAs(hosts.demo, 'parent', { viewport: 'phone' });
        await parent.goto(`${hosts.demo}/user/student/${emma.id}`);
        await parent.getByTestId('student-photos').waitFor();
        await networkQuiet(parent);
        assert.equal(await card(parent, 'student-photos', caption).count(), 0, 'a pending photo stays with the staff');

        // The manager approves it (selected on the page), and its log shows the upload and the approval.
        await openAt(manager, downtown, '/photos/students');
        const pending = card(manager, 'photo-grid', caption);
        await pending.waitFor();
        await pending.getByTestId('photo-select').check();
        await manager.getByTestId('photos-approve-selected').click();
        await manager.getByText('Photo approved.').waitFor();
        await manager.locator(`[data-testid="photo-card"][data-photo-id="${photoId}"][data-status="approved"]`).waitFor();
        await card(manager, 'photo-grid', caption).getByTestId('photo-menu').click();
        await manager.getByTestId('photo-logs').click();
        const log = manager.getByTestId('photo-logs-table');
        await log.getByText('Uploaded').waitFor();
        await log.getByText('Approved').waitFor();
        await manager.keyboard.press('Escape');

        // Emma's family sees it: their own child at own_family, the other child shared with other families.
        await parent.reload();
        await settled(parent);
        await card(parent, 'student-photos', caption).waitFor({ timeout: 20_000 });
        assert.equal(await parent.getByTestId('photo-consent-current').getAttribute('data-value'), 'own_family');
        await checkA11y(parent, 'demo /user/student/:studentId with photos and consent (phone)');

        // Arjun's family does not: Emma's consent keeps group photos from other families.
        const patel = await pageAs(hosts.demo, 'spatel');
        await patel.goto(`${hosts.demo}/user/student/${arjun.id}`);
        await patel.getByTestId('student-photos').waitFor();
        await networkQuiet(patel);
        assert.equal(
          await card(patel, 'student-photos', caption).count(),
          0,
          "Emma's own_family consent hides the group photo from the Patels",
        );

        // Emma's mother shares group photos with other families: the Patels see it from their next request.
        await parent.getByTestId('photo-consent-other_families').click();
        await parent.getByTestId('photo-consent-save').click();
        await parent.getByText('Photo consent saved.').waitFor();
        await parent.locator('[data-testid="photo-consent-current"][data-value="other_families"]').waitFor();
        await patel.reload();
        await settled(patel);
        await card(patel, 'student-photos', caption).waitFor({ timeout: 20_000 });

        // The family also finds it first thing on /home, among the newest photos of their children.
        await parent.goto(`${hosts.demo}/home`);
        await card(parent, 'latest-photos-grid', caption).waitFor({ timeout: 20_000 });
        await checkA11y(parent, 'demo /home with the latest photos (phone)');
      } finally {
        if (photoId) await api(manager, 'mutation($id: ID!) { deletePhoto(id: $id) { status } }', { id: photoId }).catch(() => {});
        await setConsent(manager, emma.id, before.emma).catch(() => {});
        await setConsent(manager, arjun.id, before.arjun).catch(() => {});
        if (!settings.getLocationSettingData.approve_photos) await saveApproval(false).catch(() => {});
      }
    },
  },
];
