import assert from 'node:assert/strict';
import { field, settled } from './support/app';
import { SIGNUP_CODE, hosts } from './support/hosts';
import type { Journey } from './support/journey';

/** A dev mailbox entry; the brief names recipient/body_text, the server also answers to/text. */
interface MailboxMessage {
  id: string | number;
  channel: string;
  recipient?: string;
  to?: string;
  subject: string;
  body_text?: string;
  text?: string;
  created_at: string;
}

export const journeys: Journey[] = [
  {
    name: 'a parent registers with the signup code and verifies the email with the PIN from the mailbox',
    async run({ newPage, checkA11y }) {
      const page = await newPage();
      const stamp = Date.now().toString(36);
      const email = `e2e.${stamp}@example.com`;
      await page.goto(`${hosts.demo}/register/${SIGNUP_CODE}`);
      await settled(page);
      assert.equal(await field(page, 'Signup code').inputValue(), SIGNUP_CODE);
      await checkA11y(page, 'demo /register/:code');
      await field(page, 'First name').fill('Robin');
      await field(page, 'Last name').fill('Tester');
      await field(page, 'Username').fill(`robin_${stamp}`);
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill('a long walk in the park');
      await field(page, 'Confirm the password').fill('a long walk in the park');
      await page.getByTestId('register-submit').click();
      await page.waitForURL((url) => url.pathname === '/email-confirmation');
      assert.ok(new URL(page.url()).searchParams.get('pin_time'));
      await page.getByText(email).waitFor();
      await checkA11y(page, 'demo /email-confirmation');

      // Read the dev mailbox from the page itself: the browser resolves *.localhost, Node may not.
      const body = (await page.evaluate(
        async (url) => {
          const response = await fetch(url, { headers: { accept: 'application/json' } });
          if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`);
          return (await response.json()) as unknown;
        },
        `/dev/mailbox.json?to=${encodeURIComponent(email)}`,
      )) as MailboxMessage[] | { messages: MailboxMessage[] };
      const messages = Array.isArray(body) ? body : body.messages;
      const mail = messages.find((m) => (m.recipient ?? m.to ?? '').toLowerCase() === email && m.channel === 'email');
      assert.ok(mail, `no email for ${email} in the dev mailbox`);
      const pin = /\b(\d{4,8})\b/.exec(mail.body_text ?? mail.text ?? '')?.[1];
      assert.ok(pin, 'no PIN in the email');

      await page.getByTestId('enter-pin').click();
      await page.waitForURL((url) => url.pathname.startsWith('/verify-email/'));
      await checkA11y(page, 'demo /verify-email/:pin_time');
      await field(page, 'PIN from the email').fill(pin);
      await page.getByTestId('pin-submit').click();
      await page.getByTestId('done-panel').waitFor();
      await page.getByTestId('done-action').click();
      await page.waitForURL((url) => url.pathname === '/login');
    },
  },
  {
    name: 'a wrong PIN is refused next to the field',
    async run({ newPage }) {
      const page = await newPage();
      const stamp = Date.now().toString(36);
      await page.goto(`${hosts.demo}/register/${SIGNUP_CODE}`);
      await settled(page);
      await field(page, 'First name').fill('Sam');
      await field(page, 'Last name').fill('Tester');
      await field(page, 'Username').fill(`sam_${stamp}`);
      await field(page, 'Email').fill(`e2e.sam.${stamp}@example.com`);
      await field(page, 'Password').fill('another long sentence');
      await field(page, 'Confirm the password').fill('another long sentence');
      await page.getByTestId('register-submit').click();
      await page.waitForURL((url) => url.pathname === '/email-confirmation');
      await page.getByTestId('enter-pin').click();
      await field(page, 'PIN from the email').fill('000000');
      await page.getByTestId('pin-submit').click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      assert.ok(pathOfVerify(page.url()));
    },
  },
];

function pathOfVerify(url: string): boolean {
  return new URL(url).pathname.startsWith('/verify-email/');
}
