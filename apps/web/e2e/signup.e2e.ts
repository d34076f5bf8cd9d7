import assert from 'node:assert/strict';
import { field, settled } from './support/app';
import { mailTo } from './support/fresh-centre';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

export const journeys: Journey[] = [
  {
    name: 'a customer picks a package, signs up with the emailed PIN, saves a card, sets up the centre and lands signed in on its dashboard (375 px)',
    async run({ newPage, checkA11y }) {
      const page = await newPage({ viewport: 'phone' });
      const links: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame() && frame.url().includes('/verify-autologin/')) links.push(frame.url());
      });
      const stamp = Date.now().toString(36);
      const slug = `e2e-su-${stamp}`;
      const email = `owner.${stamp}@example.com`;

      // /packages: the public plans.
      await page.goto(`${hosts.platform}/packages`);
      await settled(page);
      const plans = page.getByTestId('package');
      await plans.first().waitFor();
      assert.ok((await plans.count()) >= 3, 'the three public plans are listed');
      await checkA11y(page, 'platform /packages');
      await page.getByTestId('choose-package').first().click();

      // /customer-signup: the form, the live address check, then the PIN from the dev mailbox.
      await page.waitForURL(/\/customer-signup\?plan=/);
      await field(page, 'First name').fill('Paula');
      await field(page, 'Last name').fill('Owner');
      await field(page, 'Email').fill(email);
      await field(page, 'Password').fill('a long enough secret');
      await field(page, 'Centre name').fill(`Sunrise ${stamp}`);
      // A taken address is refused while typing, on its field.
      await field(page, 'Centre address').fill('demo');
      await page.locator('[data-testid="slug-check"][data-available="false"]').waitFor();
      await field(page, 'Centre address').fill(slug);
      await page.locator('[data-testid="slug-check"][data-available="true"]').waitFor();
      await checkA11y(page, 'platform /customer-signup');
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(sideways <= 1, `the sign-up form fits 375 px (${sideways} px sideways)`);
      await page.getByTestId('signup-submit').click();
      await page.waitForURL(/\/customer-signup\/verify\?pin_time=/);
      const mail = await mailTo(page, email);
      const pin = /\b(\d{6})\b/.exec(mail.replace(/https?:\/\/\S+/g, ''))?.[1];
      assert.ok(pin, `no 6-digit code in the mail: ${mail}`);
      // A wrong code is shown on its field.
      await field(page, 'Code').fill(pin === '000000' ? '111111' : '000000');
      await page.getByTestId('pin-submit').click();
      await page.getByText(/not right or has expired/i).waitFor();
      await field(page, 'Code').fill(pin);
      await page.getByTestId('pin-submit').click();

      // /customer-payment: the card through the Stripe.js stand-in.
      await page.waitForURL(/\/customer-payment$/);
      await page.locator('[data-stripe="cardnumber"]').fill('4242 4242 4242 4242');
      await page.locator('[data-stripe="exp-date"]').fill('12/31');
      await page.locator('[data-stripe="cvc"]').fill('123');
      await page.getByTestId('payment-submit').click();

      // /customer-center-setup/:token: zone, first location, first manager; then provisioning.
      await page.waitForURL(/\/customer-center-setup\/[\w-]{20,}$/);
      await settled(page);
      await checkA11y(page, 'platform /customer-center-setup');
      const zone = page.getByTestId('time-zone');
      await zone.fill('America/Chicago');
      await page.getByRole('option', { name: 'America/Chicago' }).click();
      await field(page, 'First location name').fill('Main Street');
      await field(page, "Manager's first name").fill('Max');
      // A half-filled manager is refused on the missing fields.
      await page.getByTestId('setup-submit').click();
      await page.getByText('A first manager needs a first name, a last name and an email.').first().waitFor();
      await field(page, "Manager's last name").fill('Moss');
      await field(page, "Manager's email").fill(`max.${stamp}@example.com`);
      // A double click makes one centre.
      await page.getByTestId('setup-submit').dblclick();

      // Into the new centre, signed in, on /dashboard with the setup checklist (the location done).
      await page.waitForURL((url) => url.hostname === `${slug}.localhost` && url.pathname === '/dashboard', { timeout: 120_000 });
      await settled(page);
      await page.getByTestId('setup-checklist').waitFor();
      const location = page.getByTestId('setup-step-location');
      await location.waitFor();
      await page.waitForFunction(() => document.querySelector('[data-testid="setup-step-location"]')?.getAttribute('data-done') === 'true');
      await page.getByTestId('user-menu').waitFor();

      // The one-time link does not work twice.
      // (The router's own history update reports the same URL again.)
      const followed = [...new Set(links)];
      assert.equal(followed.length, 1, `one sign-in link followed: ${followed.join(', ')}`);
      const replay = await newPage({ viewport: 'phone' });
      await replay.goto(followed[0]!);
      await replay.getByText(/not valid|already used|expired/i).first().waitFor();
      assert.ok(new URL(replay.url()).pathname.startsWith('/verify-autologin/'), 'a replayed link signs nobody in');
      await replay.close();
    },
  },
];
