import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { api } from './support/api';
import { settled } from './support/app';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

interface Mail {
  channel: string;
  to: string;
  subject: string;
  html: string | null;
}

/** The centre's dev mailbox, newest first, for one address or (without one) the latest 200 mails (read from the page: the browser resolves *.localhost). */
async function mailbox(page: Page, to?: string): Promise<Mail[]> {
  return (await page.evaluate(
    async (url) => {
      const response = await fetch(url, { headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`);
      return (await response.json()) as unknown;
    },
    to ? `/dev/mailbox.json?to=${encodeURIComponent(to)}&limit=50` : '/dev/mailbox.json?limit=200',
  )) as Mail[];
}

/** Sends the newsletter to Downtown's parents and waits until its job has queued every mail. */
async function sendAndWait(manager: Page, id: string, location: string, subject: string) {
  const sent = await api<{ sendNewsletterAction: { send_id: string } }>(
    manager,
    'mutation($id: ID!, $s: String!, $l: [ID!]) { sendNewsletterAction(id: $id, subject: $s, audience: { locations: $l, roles: ["user"] }) { send_id } }',
    { id, s: subject, l: [location] },
  );
  const sendId = sent.sendNewsletterAction.send_id;
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const p = await api<{ getNewsletterSend: { status: string; queued: number; total: number } }>(
      manager,
      'query($id: ID!) { getNewsletterSend(send_id: $id) { status queued total } }',
      { id: sendId },
    );
    if (p.getNewsletterSend.status === 'done') return p.getNewsletterSend;
    await manager.waitForTimeout(500);
  }
  throw new Error(`newsletter send ${sendId} did not finish`);
}

/** A 1×1 PNG (the builder's upload fixture). */
const DOT_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export const journeys: Journey[] = [
  {
    name: 'a parent unsubscribes from the mailbox link and the next send skips them',
    async run({ pageAs, newPage, checkA11y }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const parent = await pageAs(hosts.demo, 'parent');
      const { me } = await api<{ me: { email: string } }>(parent, '{ me { email } }');
      const { dropdownLocations } = await api<{ dropdownLocations: { id: string; name: string }[] }>(manager, '{ dropdownLocations { id name } }');
      const downtown = dropdownLocations.find((l) => l.name === 'Downtown');
      assert.ok(downtown, 'Downtown not found');
      const stamp = Date.now();
      const created = await api<{ createNewsletter: { newsletter: { id: string } } }>(
        manager,
        'mutation($n: String!, $t: String) { createNewsletter(name: $n, template: $t) { newsletter { id } } }',
        { n: `Puddle walk news ${stamp}`, t: '<style>p{color:#222}</style><p>Rain boots on Friday, please.</p>' },
      );
      const id = created.createNewsletter.newsletter.id;
      try {
        // The list shows it; the send dialog opens from it.
        await manager.goto(`${hosts.demo}/newsletters`);
        await settled(manager);
        await manager.getByText(`Puddle walk news ${stamp}`).waitFor();
        await checkA11y(manager, '/newsletters');

        const first = `First news ${stamp}`;
        const one = await sendAndWait(manager, id, downtown.id, first);
        assert.ok(one.queued > 1, 'Downtown’s parents are mailed');
        const mail = (await mailbox(parent, me.email)).find((m) => m.subject === first);
        assert.ok(mail?.html, 'the newsletter reached the parent');
        const link = /href="(http[^"]+\/unsubscribe\/[\w-]+\.[\w-]+)"/.exec(mail.html!)?.[1];
        assert.ok(link, 'the mail carries its unsubscribe link');

        // The link opens the guest page, which confirms.
        const guest = await newPage({ viewport: 'phone' });
        await guest.goto(link!.replace(/^https?:\/\/[^/]+/, hosts.demo));
        await settled(guest);
        await guest.getByTestId('unsubscribe-confirm').click();
        await guest.getByTestId('unsubscribe-done').waitFor();
        await checkA11y(guest, '/unsubscribe/:token');

        const second = `Second news ${stamp}`;
        const firstTo = new Set((await mailbox(parent)).filter((m) => m.subject === first).map((m) => m.to.toLowerCase()));
        assert.equal(firstTo.size, one.queued, 'the first send is in the mailbox');
        const two = await sendAndWait(manager, id, downtown.id, second);
        // Other lanes may add Downtown parents between the sends, so compare addresses, not counts.
        const secondTo = new Set((await mailbox(parent)).filter((m) => m.subject === second).map((m) => m.to.toLowerCase()));
        assert.equal(secondTo.size, two.queued, 'the second send is in the mailbox');
        const missed = [...firstTo].filter((to) => to !== me.email.toLowerCase() && !secondTo.has(to));
        assert.deepEqual(missed, [], 'everyone else is mailed again');
        assert.equal((await mailbox(parent, me.email)).filter((m) => m.subject === second).length, 0, 'the unsubscribed parent is skipped');

        await manager.goto(`${hosts.demo}/unsubscribed-emails`);
        await settled(manager);
        await manager.getByText(me.email.toLowerCase()).first().waitFor();
        await checkA11y(manager, '/unsubscribed-emails');
      } finally {
        await api(manager, 'mutation($id: ID!) { deleteNewsletter(id: $id) { status } }', { id });
      }
    },
  },
  {
    name: 'a manager uploads an image in the builder; publishing makes it public at a hashed URL',
    async run({ pageAs }) {
      const manager = await pageAs(hosts.demo, 'manager');
      const made = await api<{ createNewsletter: { newsletter: { id: string } } }>(
        manager,
        'mutation($n: String!, $t: String) { createNewsletter(name: $n, template: $t) { newsletter { id } } }',
        { n: `Images ${Date.now()}`, t: '<table><tr><td><img src="/icon-192.png" alt="placeholder" width="120"></td></tr></table>' },
      );
      const id = made.createNewsletter.newsletter.id;
      try {
        await manager.goto(`${hosts.demo}/newsletters/${id}`);
        await settled(manager);
        await manager.getByTestId('newsletter-builder').waitFor();
        // Double-clicking an image opens GrapesJS' asset manager; its file input uploads through the files service.
        await manager.frameLocator('.gjs-frame').locator('img').first().dblclick();
        const assets = manager.locator('.gjs-am-assets .gjs-am-asset');
        const before = await assets.count();
        await manager.locator('.gjs-am-file-uploader input[type=file]').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: DOT_PNG });
        await manager.waitForFunction((n) => document.querySelectorAll('.gjs-am-assets .gjs-am-asset').length > n, before, { timeout: 60_000 });
        await assets.first().locator('.gjs-am-preview').dblclick();
        await manager.getByTestId('newsletter-save').click();
        await manager.getByTestId('newsletters-page').waitFor();
        const saved = await api<{ getNewsletter: { template: string } }>(manager, 'query($id: ID!) { getNewsletter(id: $id) { template } }', { id });
        assert.match(saved.getNewsletter.template, /\/centre\/\d+\/files\/[0-9a-f-]{36}\/main/, 'the builder inserts the uploaded image');
        await api(manager, 'mutation($id: ID!) { publishNewsletter(id: $id) { status } }', { id });
        const published = await api<{ getNewsletter: { template: string } }>(manager, 'query($id: ID!) { getNewsletter(id: $id) { template } }', { id });
        const hashed = /\/n\/([0-9a-f]{64}\.webp)/.exec(published.getNewsletter.template);
        assert.ok(hashed, 'publishing rewrites the image to its public hashed URL');
        const status = await manager.evaluate(async (url) => (await fetch(url, { credentials: 'omit' })).status, `/n/${hashed[1]}`);
        assert.equal(status, 200);
      } finally {
        await api(manager, 'mutation($id: ID!) { deleteNewsletter(id: $id) { status } }', { id });
      }
    },
  },
  {
    name: 'an admin’s template is used by a centre',
    async run({ pageAs, checkA11y }) {
      const admin = await pageAs(hosts.platform, 'admin');
      const name = `Harvest template ${Date.now()}`;
      await admin.goto(`${hosts.platform}/templates`);
      await settled(admin);
      await checkA11y(admin, 'platform /templates');
      await admin.getByTestId('operator-template-new').click();
      await admin.getByTestId('operator-template-name').fill(name);
      await admin.getByTestId('newsletter-builder').waitFor();
      await admin.getByTestId('operator-template-save').click();
      await admin.getByTestId('operator-templates').getByText(name).waitFor();
      const list = await api<{ getNewsletters: { data: { id: string; name: string }[] } }>(admin, '{ getNewsletters(first: 100) { data { id name } } }');
      const template = list.getNewsletters.data.find((t) => t.name === name);
      assert.ok(template, 'the template is saved');
      let centreCopy: string | null = null;
      const manager = await pageAs(hosts.demo, 'manager');
      try {
        await manager.goto(`${hosts.demo}/newsletters?tab=templates`);
        await settled(manager);
        const card = manager.getByTestId(`template-template-${template.id}`);
        await card.waitFor();
        await checkA11y(manager, '/newsletters (templates)');
        await card.getByRole('button').click();
        await manager.getByTestId('newsletter-editor').waitFor();
        const input = manager.getByTestId('newsletter-name');
        await manager.waitForFunction((n) => (document.querySelector('input[data-testid="newsletter-name"]') as HTMLInputElement | null)?.value === n, name);
        assert.equal(await input.inputValue(), name);
        await manager.getByTestId('newsletter-save').click();
        await manager.getByTestId('newsletters-page').waitFor();
        const mine = await api<{ getNewsletters: { data: { id: string; name: string; key: string | null }[] } }>(
          manager,
          '{ getNewsletters(first: 100) { data { id name key } } }',
        );
        const copy = mine.getNewsletters.data.find((n) => n.name === name);
        assert.ok(copy, 'the centre’s newsletter is made from the platform template');
        assert.equal(copy.key, `template-${template.id}`);
        centreCopy = copy.id;
      } finally {
        if (centreCopy) await api(manager, 'mutation($id: ID!) { deleteNewsletter(id: $id) { status } }', { id: centreCopy });
        await api(admin, 'mutation($id: ID!) { deleteNewsletter(id: $id) { status } }', { id: template.id });
      }
    },
  },
];
