import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { field as labelled, pathOf, settled, signIn, signOut } from './support/app';
import { api } from './support/api';
import { hosts } from './support/hosts';
import type { Journey } from './support/journey';

interface MailboxMessage {
  channel: string;
  to?: string;
  recipient?: string;
  subject: string;
  text?: string;
  body_text?: string;
}

/** The input labelled `label` (a select's listbox, labelled the same, comes later in the page). */
const field = (page: Page, label: string) => labelled(page, label).first();

/** Reads the centre's dev mailbox from the page (the browser resolves *.localhost, Node may not). */
async function mailFor(page: Page, email: string, channel: 'email' | 'sms' = 'email'): Promise<MailboxMessage> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const body = (await page.evaluate(
      async (url) => {
        const response = await fetch(url, { headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`);
        return (await response.json()) as unknown;
      },
      `/dev/mailbox.json?to=${encodeURIComponent(email)}`,
    )) as MailboxMessage[] | { messages: MailboxMessage[] };
    const messages = Array.isArray(body) ? body : body.messages;
    const mail = messages.find((m) => (m.to ?? m.recipient ?? '').toLowerCase() === email.toLowerCase() && m.channel === channel);
    if (mail) return mail;
    await page.waitForTimeout(500);
  }
  throw new Error(`no ${channel} for ${email} in the dev mailbox`);
}

/** Picks an option of a Mantine select labelled `label`. */
async function pick(page: Page, label: string, option: string | RegExp): Promise<void> {
  await centred(field(page, label));
  await field(page, label).click();
  await choose(page, option);
}

/**
 * The field in the middle of the viewport before it opens: low on a long page its dropdown would
 * reach past the bottom, and scrolling to an option can carry the field out of view.
 */
async function centred(locator: ReturnType<Page['getByTestId']>): Promise<void> {
  await locator.evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

/** Clicks the open dropdown's option; Mantine hides a detached dropdown (then only its own click reaches it). */
async function choose(page: Page, option: string | RegExp): Promise<void> {
  const choice = page.getByRole('option', { name: option }).filter({ visible: true }).first();
  await choice
    .click({ timeout: 10_000 })
    .catch(() =>
      page.getByRole('option', { name: option, includeHidden: true }).first().dispatchEvent('click', undefined, { timeout: 10_000 }),
    );
}

async function pickIn(page: Page, testId: string, option: string | RegExp, typed?: string): Promise<void> {
  const input = page.getByTestId(testId);
  await centred(input);
  await input.click({ force: true });
  if (typed) await input.fill(typed);
  await choose(page, option);
  // A multi-select stays open: close it; Escape with nothing open would close the whole modal.
  if ((await page.getByRole('listbox').filter({ visible: true }).count()) > 0) await page.keyboard.press('Escape');
}

/** Waits until every table of the page has its rows (not the loading state). */
async function tablesReady(page: Page): Promise<void> {
  await settled(page);
  await page.waitForFunction(() => document.querySelectorAll('table[aria-busy="true"]').length === 0, undefined, { timeout: 20_000 });
}

async function isRequired(page: Page, label: string): Promise<boolean> {
  return (await field(page, label).getAttribute('aria-required')) === 'true';
}

/** Adds a student at a location and room through the API (the add form has its own journey). */
async function addStudent(page: Page, fname: string, lname: string, locationId: string, programId: string): Promise<string> {
  const data = await api<{ createNewStudent: { student: { id: string } | null; message: string } }>(
    page,
    `mutation ($fname: String!, $lname: String!, $location_id: ID!, $program_id: ID!) {
      createNewStudent(fname: $fname, lname: $lname, location_id: $location_id, program_id: $program_id, cameras: [], users: []) {
        message
        student { id }
      }
    }`,
    { fname, lname, location_id: locationId, program_id: programId },
  );
  assert.ok(data.createNewStudent.student, `student not added: ${data.createNewStudent.message}`);
  return data.createNewStudent.student.id;
}

export const journeys: Journey[] = [
  {
    name: 'a manager adds a student with two guardians and an allergy, invites a parent who registers through the emailed link and sees only their child',
    async run({ pageAs, newPage, checkA11y }) {
      const stamp = Date.now().toString(36);
      const allergy = `Peanuts ${stamp}`;
      const relation = `Aunt ${stamp}`;
      const lname = `Tester${stamp}`;
      const page = await pageAs(hosts.demo, 'manager');

      // The centre's lists: an allergy and a relationship.
      await page.goto(`${hosts.demo}/student-allergies`);
      await settled(page);
      await tablesReady(page);
      await checkA11y(page, 'demo /student-allergies');
      await page.getByTestId('label-name').fill(allergy);
      await page.getByTestId('label-add').click();
      await page.getByRole('cell', { name: allergy, exact: true }).waitFor();
      for (const path of ['/student-tags', '/student-medications']) {
        await page.goto(`${hosts.demo}${path}`);
        await settled(page);
        await tablesReady(page);
        await checkA11y(page, `demo ${path}`);
      }
      await page.goto(`${hosts.demo}/relationships`);
      await settled(page);
      await page.getByTestId('relationship-name').fill(relation);
      await page.getByRole('button', { name: 'Add a relationship' }).click();
      await page.getByRole('cell', { name: relation, exact: true }).waitFor();
      await tablesReady(page);
      await checkA11y(page, 'demo /relationships');

      // The student, with two guardians and the allergy.
      await page.goto(`${hosts.demo}/students`);
      await settled(page);
      await tablesReady(page);
      await checkA11y(page, 'demo /students');
      await page.getByTestId('add-student').click();
      const form = page.getByTestId('student-form');
      await form.waitFor();
      for (const label of ['First name', 'Last name', 'Location', 'Homeroom'])
        assert.ok(await isRequired(page, label), `${label} is marked required`);
      await field(page, 'First name').fill('Ava');
      await field(page, 'Last name').fill(lname);
      await field(page, 'Birthday').fill('2022-05-06');
      await pick(page, 'Location', 'Downtown');
      await pick(page, 'Homeroom', 'Preschool');
      await pickIn(page, 'student-allergies', allergy);
      await page.getByTestId('add-guardian').click();
      await pickIn(page, 'guardian-0-contact', /Olivia Bennett/, 'Olivia');
      await page.getByTestId('add-guardian').click();
      await pickIn(page, 'guardian-1-contact', /James Bennett/, 'James');
      await pickIn(page, 'guardian-1-relation', relation);
      await tablesReady(page);
      await checkA11y(page, 'demo /students add-student form');
      await page.getByTestId('student-submit').click();
      await form.waitFor({ state: 'detached' });

      await page.getByTestId('table-search').fill(lname);
      const link = page.getByRole('link', { name: `Ava ${lname}` });
      await link.waitFor();
      await link.click();
      await page.getByTestId('student-profile').waitFor();
      const profilePath = pathOf(page);
      assert.match(profilePath, /^\/teacher\/student\/\d+/);
      await page.getByRole('cell', { name: 'Olivia Bennett', exact: true }).waitFor();
      await page.getByRole('cell', { name: 'James Bennett', exact: true }).waitFor();
      await page.getByRole('cell', { name: relation, exact: true }).waitFor();
      await page.getByTestId('student-allergy-list').getByText(allergy).waitFor();
      await tablesReady(page);
      await checkA11y(page, 'demo /teacher/student/:userId as manager');

      // Invite a parent of this child.
      const email = `e2e.parent.${stamp}@example.com`;
      await page.getByTestId('invite-parent').click();
      const invite = page.getByTestId('person-form');
      await invite.waitFor();
      for (const label of ['First name', 'Last name', 'Username', 'Email'])
        assert.ok(await isRequired(page, label), `${label} is marked required`);
      await field(page, 'First name').fill('Grace');
      await field(page, 'Last name').fill(lname);
      await field(page, 'Username').fill(`grace_${stamp}`);
      await field(page, 'Email').fill(email);
      await pickIn(page, 'person-relation', relation);
      await tablesReady(page);
      await checkA11y(page, 'demo invite-parent form');
      await page.getByTestId('person-submit').click();
      await invite.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name: `Grace ${lname}`, exact: true }).waitFor();

      // The invitation email: the link and its code.
      const mail = await mailFor(page, email);
      const text = mail.text ?? mail.body_text ?? '';
      const url = /https?:\/\/\S*?(\/viue\/[^\s"'<>)]+)/.exec(text)?.[1];
      assert.ok(url, `no /viue/ link in the invitation: ${text}`);
      const pin = /code:\s*(\d{4,8})/i.exec(text)?.[1] ?? /\b(\d{4,8})\b/.exec(text.replace(url, ''))?.[1];
      assert.ok(pin, 'no code in the invitation');

      const parent = await newPage({ viewport: 'phone' });
      await parent.goto(`${hosts.demo}${url}`);
      await settled(parent);
      await field(parent, 'PIN from the email').fill(pin);
      await parent.getByTestId('pin-submit').click();
      await field(parent, 'New password').waitFor();
      await field(parent, 'New password').fill('a walk along the river');
      await field(parent, 'Confirm the password').fill('a walk along the river');
      await parent.getByTestId('new-password-submit').click();
      await parent.waitForURL((u) => !u.pathname.startsWith('/viue'), { timeout: 15_000 });
      await settled(parent);

      // The new parent sees this child and nobody else's.
      await parent.goto(`${hosts.demo}/user/students`);
      await settled(parent);
      const own = parent.getByRole('link', { name: `Ava ${lname}` });
      await own.waitFor();
      const rows = await parent.locator('table[aria-label="My children"] tbody tr').count();
      assert.equal(rows, 1, 'the parent sees exactly one child');
      assert.equal(await parent.getByText('Emma Bennett').count(), 0);
      await tablesReady(parent);
      await checkA11y(parent, 'demo /user/students as a new parent (phone)');
      await own.click();
      await parent.getByTestId('student-profile').waitFor();
      assert.match(pathOf(parent), /^\/user\/student\/\d+/);
      await tablesReady(parent);
      await checkA11y(parent, 'demo /user/student/:studentId (phone)');
      // Another child's profile is refused.
      const otherId = Number(profilePath.split('/').pop()) - 1;
      await parent.goto(`${hosts.demo}/user/student/${otherId}`);
      await parent.getByTestId('student-not-found').waitFor();
      for (const path of ['/user-profile', '/parent-directory']) {
        await parent.goto(`${hosts.demo}${path}`);
        await settled(parent);
        await tablesReady(parent);
        await checkA11y(parent, `demo ${path} (phone)`);
      }
    },
  },
  {
    name: 'a manager invites a parent by SMS only, texts it again, and the parent finishes on /viup and signs in',
    async run({ pageAs, newPage, checkA11y }) {
      const stamp = Date.now().toString(36);
      const digits = String(Date.now()).slice(-7);
      const phone = `512${digits}`;
      const username = `sms_${stamp}`;
      const page = await pageAs(hosts.demo, 'manager');
      await page.goto(`${hosts.demo}/users`);
      await tablesReady(page);
      await page.getByTestId('add-person').click();
      await page.getByTestId('person-form').waitFor();
      await field(page, 'First name').fill('Tex');
      await field(page, 'Last name').fill(`Ting${stamp}`);
      await field(page, 'Username').fill(username);
      await field(page, 'Email').fill(`e2e.sms.${stamp}@example.com`);
      await field(page, 'Phone').fill(phone);
      await pickIn(page, 'person-locations', 'Downtown');
      await page.getByLabel('Email the invitation').uncheck();
      await page.getByLabel('Text the invitation').check();
      await checkA11y(page, 'demo invite form with SMS');
      await page.getByTestId('person-submit').click();
      await page.getByTestId('person-form').waitFor({ state: 'detached' });

      // The invited list offers texting it again.
      await page.goto(`${hosts.demo}/users/invited`);
      await tablesReady(page);
      await page.getByTestId('table-search').fill(username);
      await page.getByRole('button', { name: `Text the invitation to Tex Ting${stamp} again` }).click();
      await page.getByText('Invitation texted again.').waitFor();
      await tablesReady(page);
      await checkA11y(page, 'demo /users/invited');

      const sms = await mailFor(page, `+1${phone}`, 'sms');
      const text = sms.text ?? sms.body_text ?? '';
      const url = /https?:\/\/\S*?(\/viup\/[^\s"'<>)]+)/.exec(text)?.[1];
      assert.ok(url, `no /viup/ link in the SMS: ${text}`);
      const pin = /\b(\d{6})\b/.exec(text.replace(url, ''))?.[1];
      assert.ok(pin, 'no PIN in the SMS');

      const parent = await newPage({ viewport: 'phone' });
      await parent.goto(`${hosts.demo}${url}`);
      await settled(parent);
      await checkA11y(parent, 'demo /viup/:pin_time (phone)');
      await field(parent, 'PIN from the text message').fill(pin === '000000' ? '111111' : '000000');
      await parent.getByTestId('pin-submit').click();
      await parent.getByText(/PIN/).first().waitFor();
      await field(parent, 'PIN from the text message').fill(pin);
      await parent.getByTestId('pin-submit').click();
      await field(parent, 'New password').fill('a text from the centre');
      await field(parent, 'Confirm the password').fill('a text from the centre');
      await parent.getByTestId('new-password-submit').click();
      await parent.waitForURL((u) => !u.pathname.startsWith('/viup'), { timeout: 15_000 });
      await settled(parent);
      await signOut(parent);
      await signIn(parent, hosts.demo, username, 'a text from the centre');
      assert.ok(!pathOf(parent).startsWith('/login'), 'the parent signs in with the new password');
    },
  },
  {
    name: 'manager tools on people: set a password, tags, move, invite many, a child QR code added by a parent, and the system log',
    async run({ pageAs, newPage, checkA11y }) {
      const stamp = Date.now().toString(36);
      const page = await pageAs(hosts.demo, 'manager');
      const { dropdownLocations } = await api<{ dropdownLocations: { id: string; name: string }[] }>(
        page,
        '{ dropdownLocations { id name } }',
      );
      assert.ok(dropdownLocations.length >= 2, 'the demo manager has two locations');
      const tag = `Volunteer ${stamp}`;
      await api(page, 'mutation($name: String!) { addTag(name: $name) { status } }', { name: tag });

      // Invite many: two contacts from pasted lines.
      await page.goto(`${hosts.demo}/users`);
      await tablesReady(page);
      await page.getByTestId('invite-many').click();
      await pickIn(page, 'invite-many-location', dropdownLocations[0]!.name);
      await page
        .getByTestId('invite-many-lines')
        .fill(
          `First name,Last name,Username,Email\nMia,Many${stamp},mia_${stamp},e2e.mia.${stamp}@example.com\nLeo,Many${stamp},leo_${stamp},e2e.leo.${stamp}@example.com`,
        );
      await page.getByRole('cell', { name: `leo_${stamp}`, exact: true }).waitFor();
      await page.getByLabel('Email already confirmed').check();
      await checkA11y(page, 'demo invite many');
      await page.getByTestId('invite-many-submit').click();
      await page.getByText('2 invitations sent.').waitFor();
      await page.getByRole('dialog', { name: 'Invite many' }).waitFor({ state: 'detached' });

      // Mia's profile: password, tags and a move to the other location.
      await page.getByTestId('people-page').getByTestId('table-search').fill(`mia_${stamp}`);
      await page.getByTestId(`person-link-mia_${stamp}`).click();
      await page.getByTestId('person-profile').waitFor();
      await page.getByTestId('set-password').click();
      await field(page, 'New password').fill('set by the manager today');
      await field(page, 'Confirm the password').fill('set by the manager today');
      await page.getByTestId('new-password-submit').click();
      await page.getByText('Password saved.').waitFor();
      await page.getByTestId('edit-person-labels').click();
      await pickIn(page, 'person-tags', tag);
      await page.getByTestId('person-labels-submit').click();
      await page.getByTestId('person-labels').locator('.mantine-Badge-root').first().waitFor();
      await page.getByTestId('transfer-person').click();
      await pick(page, 'To location', dropdownLocations[1]!.name);
      await page.getByTestId('transfer-person-submit').click();
      await page.getByTestId('person-profile').getByText(dropdownLocations[1]!.name).first().waitFor();
      await tablesReady(page);
      await checkA11y(page, 'demo /user/:camuserId with manager tools');

      // A child's QR code: the manager makes it, Mia adds the child with the code.
      await page.goto(`${hosts.demo}/students`);
      await tablesReady(page);
      await page.locator('[data-testid^="student-link-"]').first().click();
      await page.getByTestId('student-profile').waitFor();
      const child = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
      await page.getByTestId('student-qr').click();
      await page.getByTestId('qr-code').waitFor();
      await checkA11y(page, 'demo student QR code');
      const code = (await page.getByTestId('student-code').innerText()).trim();
      const parent = await newPage({ viewport: 'phone' });
      await signIn(parent, hosts.demo, `mia_${stamp}`, 'set by the manager today');
      await parent.goto(`${hosts.demo}/user/students?add_code=${encodeURIComponent(code)}`);
      await settled(parent);
      await checkA11y(parent, 'demo add a child by code (phone)');
      await parent.getByTestId('add-child-submit').click();
      await parent.getByRole('link', { name: child }).waitFor();

      // The system log and the invitations sent.
      await page.goto(`${hosts.demo}/log-report`);
      await page.getByTestId('log-report').waitFor();
      await tablesReady(page);
      await page.getByRole('cell', { name: 'student.qr_code' }).first().waitFor();
      await checkA11y(page, 'demo /log-report');
      await page.getByTestId('log-tab-invitations').click();
      await tablesReady(page);
      await page.getByRole('cell', { name: `e2e.leo.${stamp}@example.com` }).waitFor();
      await page.getByTestId('log-tab-signIns').click();
      await tablesReady(page);
      await page
        .getByRole('cell', { name: `mia_${stamp}` })
        .first()
        .waitFor();
    },
  },
  {
    name: 'an import with bad rows reports every rejected row and saves nothing',
    async run({ pageAs, checkA11y }) {
      const stamp = Date.now().toString(36);
      const page = await pageAs(hosts.demo, 'center');
      await page.goto(`${hosts.demo}/procare-import`);
      await settled(page);
      await tablesReady(page);
      await checkA11y(page, 'demo /procare-import');
      const csv = [
        'First Name,Last Name,Classroom,Parent First Name,Parent Last Name,Parent Email',
        `Liam,Good${stamp},Preschool,Pat,Good${stamp},pat.${stamp}@example.com`,
        `,NoFirst${stamp},Preschool,Pat,Bad,bad1.${stamp}@example.com`,
        `Mia,NoRoom${stamp},Nowhere Room,Pat,Bad,bad2.${stamp}@example.com`,
      ].join('\n');
      await page.getByTestId('import-file').click();
      const input = page.locator('input[type="file"]');
      await input.setInputFiles({ name: 'procare.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByTestId('import-upload').click();
      const review = page.getByTestId('import-review');
      await review.waitFor();
      await page.getByTestId('import-has-errors').waitFor();
      await review.getByRole('cell', { name: '3', exact: true }).first().waitFor();
      await review.getByRole('cell', { name: '4', exact: true }).first().waitFor();
      assert.equal(await review.getByRole('cell', { name: '2', exact: true }).count(), 0, 'the good row is not reported');
      assert.equal(await page.getByTestId('import-confirm').count(), 0, 'an import with errors cannot be saved');
      await tablesReady(page);
      await checkA11y(page, 'demo /procare-import with rejected rows');

      // Nothing was half-imported: the good row's student does not exist.
      await page.goto(`${hosts.demo}/students`);
      await settled(page);
      await page.getByTestId('table-search').fill(`Good${stamp}`);
      await page.getByTestId('table-empty').getByText('No data available.').waitFor();

      for (const path of ['/procare-import-staff', '/sync-brightwheel', '/advance-onboarding', '/onboarding']) {
        await page.goto(`${hosts.demo}${path}`);
        await settled(page);
        await tablesReady(page);
        await checkA11y(page, `demo ${path}`);
      }
    },
  },
  {
    name: 'manager lists and profiles: contacts, team, owners, managers, teachers',
    async run({ pageAs, checkA11y }) {
      const page = await pageAs(hosts.demo, 'manager');
      for (const path of ['/users', '/users/pending', '/admins', '/managers', '/teachers', '/team', '/students/archived']) {
        await page.goto(`${hosts.demo}${path}`);
        await settled(page);
        await page.locator('table tbody tr').first().waitFor();
        await tablesReady(page);
        await checkA11y(page, `demo ${path}`);
      }
      await page.goto(`${hosts.demo}/users`);
      // The seeded centre has a hundred contacts: find the demo parent by username.
      await page.getByTestId('people-page').getByTestId('table-search').fill('parent');
      await page.getByTestId('person-link-parent').click();
      await page.getByTestId('person-profile').waitFor();
      assert.match(pathOf(page), /^\/user\/\d+/);
      await page.getByText('Emma Bennett').waitFor();
      await tablesReady(page);
      await checkA11y(page, 'demo /user/:camuserId');
      await page.goto(`${hosts.demo}/teachers`);
      await page.getByTestId('person-link-teacher').click();
      await page.getByTestId('person-profile').waitFor();
      assert.match(pathOf(page), /^\/team-profile\/\d+/);
      await tablesReady(page);
      await checkA11y(page, 'demo /team-profile/:team');

      const teacher = await pageAs(hosts.demo, 'teacher');
      await teacher.goto(`${hosts.demo}/teacher/students`);
      await settled(teacher);
      await teacher.locator('table tbody tr').first().waitFor();
      await tablesReady(teacher);
      await checkA11y(teacher, 'demo /teacher/students');
    },
  },
  {
    name: 'pawsome.localhost: pets with the pet labels and required markers',
    async run({ pageAs, checkA11y }) {
      const stamp = Date.now().toString(36);
      const page = await pageAs(hosts.pawsome, 'center');
      await page.goto(`${hosts.pawsome}/pets`);
      await settled(page);
      await page.getByRole('heading', { name: 'Pets', level: 1 }).waitFor();
      await tablesReady(page);
      await checkA11y(page, 'pawsome /pets');
      await page.getByTestId('add-student').click();
      await page.getByRole('dialog', { name: 'Add a pet' }).waitFor();
      for (const label of ['Pet name', 'Last name', 'Location', 'Room'])
        assert.ok(await isRequired(page, label), `${label} is marked required`);
      assert.equal(await page.getByText('Homeroom').count(), 0, 'no child-care wording');
      await page.getByTestId('student-submit').click();
      await field(page, 'Pet name').and(page.locator('[aria-invalid="true"]')).waitFor();
      await field(page, 'Pet name').fill('Rex');
      await field(page, 'Last name').fill(`Morgan${stamp}`);
      await pick(page, 'Location', 'Pawsome Midtown');
      await pick(page, 'Room', 'Big Dogs');
      await page.getByRole('button', { name: 'Add an owner' }).click();
      await pickIn(page, 'guardian-0-contact', /Chris Morgan/, 'Chris');
      await tablesReady(page);
      await checkA11y(page, 'pawsome add-pet form');
      await page.getByTestId('student-submit').click();
      await page.getByTestId('student-form').waitFor({ state: 'detached' });
      await page.getByTestId('table-search').fill(`Morgan${stamp}`);
      await page.getByRole('link', { name: `Rex Morgan${stamp}` }).click();
      await page.getByTestId('student-profile').waitFor();
      assert.match(pathOf(page), /^\/staff\/pet\/\d+/);
      await tablesReady(page);
      await checkA11y(page, 'pawsome /staff/pet/:userId');

      for (const path of ['/contacts', '/staff']) {
        await page.goto(`${hosts.pawsome}${path}`);
        await settled(page);
        await page.locator('table tbody tr').first().waitFor();
        await tablesReady(page);
        await checkA11y(page, `pawsome ${path}`);
      }
      await page.goto(`${hosts.pawsome}/contacts`);
      await page.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor();
      await page.getByTestId('people-page').getByTestId('table-search').fill('parent');
      await page.getByTestId('person-link-parent').click();
      await page.waitForURL((url) => /^\/contact\/\d+/.test(url.pathname));
      await page.getByTestId('person-profile').getByRole('heading', { name: 'Pets' }).waitFor();
      await tablesReady(page);
      await checkA11y(page, 'pawsome /contact/:camuserId');

      const owner = await pageAs(hosts.pawsome, 'parent', { viewport: 'phone' });
      for (const path of ['/contact/pets', '/pets']) {
        await owner.goto(`${hosts.pawsome}${path}`);
        await settled(owner);
        await owner.getByRole('heading', { name: 'My pets', level: 1 }).waitFor();
        await owner.getByRole('link', { name: 'Biscuit Morgan' }).waitFor();
        await tablesReady(owner);
        await checkA11y(owner, `pawsome ${path} as owner (phone)`);
      }
      await owner.getByRole('link', { name: 'Biscuit Morgan' }).click();
      await owner.getByTestId('student-profile').waitFor();
      assert.match(pathOf(owner), /^\/pet\/\d+/);
      await tablesReady(owner);
      await checkA11y(owner, 'pawsome /pet/:userId (phone)');
      await owner.goto(`${hosts.pawsome}/contact-profile`);
      await owner.getByTestId('my-profile').waitFor();
      await tablesReady(owner);
      await checkA11y(owner, 'pawsome /contact-profile (phone)');

      const staff = await pageAs(hosts.pawsome, 'teacher');
      await staff.goto(`${hosts.pawsome}/staff/pets`);
      await settled(staff);
      await staff.getByRole('heading', { name: 'My pets', level: 1 }).waitFor();
      await tablesReady(staff);
      await checkA11y(staff, 'pawsome /staff/pets');
    },
  },
  {
    name: 'bulk actions: a manager selects two students, tags both, changes their status, transfers one and links a sibling',
    async run({ pageAs, checkA11y }) {
      const stamp = Date.now().toString(36);
      const lname = `Bulk${stamp}`;
      const tag = `Field trip ${stamp}`;
      const page = await pageAs(hosts.demo, 'manager');
      await page.goto(`${hosts.demo}/students`);
      await settled(page);

      // Two students of our own at Downtown · Preschool, and a tag of the centre's list.
      const { dropdownLocations } = await api<{ dropdownLocations: { id: string; name: string }[] }>(
        page,
        '{ dropdownLocations { id name } }',
      );
      const downtown = dropdownLocations.find((l) => l.name === 'Downtown');
      assert.ok(downtown, 'Downtown exists');
      const { roomsByLocation } = await api<{ roomsByLocation: { id: string; name: string }[] }>(
        page,
        'query ($id: ID!) { roomsByLocation(location_id: $id) { id name } }',
        { id: downtown.id },
      );
      const preschool = roomsByLocation.find((r) => r.name === 'Preschool');
      assert.ok(preschool, 'Preschool exists');
      const ivy = `Ivy ${lname}`;
      const leo = `Leo ${lname}`;
      const ivyId = await addStudent(page, 'Ivy', lname, downtown.id, preschool.id);
      const leoId = await addStudent(page, 'Leo', lname, downtown.id, preschool.id);
      await api(page, 'mutation ($name: String!) { addTag(name: $name) { status } }', { name: tag });

      // Select both: the bulk bar appears.
      await page.reload();
      await settled(page);
      await page.getByTestId('table-search').fill(lname);
      // The search has run (a new search clears the selection): only our two are listed.
      await page.getByTestId('table-range').getByText('1–2 of 2').waitFor();
      await page.getByRole('link', { name: leo }).waitFor();
      await page.getByRole('link', { name: ivy }).waitFor();
      const rowOf = (name: string) => page.locator('tbody tr').filter({ has: page.getByRole('link', { name, exact: true }) });
      assert.equal(await page.getByTestId('bulk-bar').count(), 0, 'no bulk bar before a selection');
      await page.getByRole('checkbox', { name: `Select ${ivy}` }).check();
      await page.getByRole('checkbox', { name: `Select ${leo}` }).check();
      await page.getByTestId('bulk-count').getByText('Selected: 2').waitFor();
      assert.equal(
        await page.getByRole('checkbox', { name: 'Select all on this page' }).isChecked(),
        true,
        'both rows of the page are selected',
      );
      await tablesReady(page);
      await checkA11y(page, 'demo /students with the bulk bar open');

      // Add the tag to both.
      await page.getByTestId('bulk-add-tags').click();
      const tagsDialog = page.getByRole('dialog', { name: 'Add tags to the selected students' });
      await tagsDialog.waitFor();
      await tagsDialog.getByTestId('bulk-tags-submit').click();
      await tagsDialog.getByText('Pick at least one tag.').waitFor();
      await pickIn(page, 'bulk-tags', tag, tag);
      await checkA11y(page, 'demo /students add-tags form');
      await tagsDialog.getByTestId('bulk-tags-submit').click();
      await tagsDialog.waitFor({ state: 'detached' });
      await page.getByText('Tags added to 2 students.').waitFor();
      await rowOf(ivy).getByText(tag).waitFor();
      await rowOf(leo).getByText(tag).waitFor();
      await page.getByTestId('bulk-bar').waitFor({ state: 'detached' });

      // Both inactive, after a confirmation.
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
      await page.getByTestId('bulk-count').getByText('Selected: 2').waitFor();
      await page.getByTestId('bulk-status').click();
      const statusDialog = page.getByRole('dialog', { name: 'Change the status of the selected students' });
      await pick(page, 'New status', 'Inactive');
      await statusDialog.getByTestId('bulk-status-submit').click();
      await statusDialog.getByText('Set 2 selected students to “Inactive”?').waitFor();
      await statusDialog.getByTestId('bulk-status-submit').click();
      await statusDialog.waitFor({ state: 'detached' });
      await page.getByText('Students set to “Inactive”: 2.').waitFor();
      await rowOf(ivy).getByText('Inactive').waitFor();
      await rowOf(leo).getByText('Inactive').waitFor();

      // Leo moves to Riverside · Pre-K.
      await page.getByRole('checkbox', { name: `Select ${leo}` }).check();
      await page.getByTestId('bulk-count').getByText('Selected: 1').waitFor();
      await page.getByTestId('bulk-transfer').click();
      const transferDialog = page.getByRole('dialog', { name: 'Transfer the selected students to another location' });
      await transferDialog.getByTestId('bulk-transfer-submit').click();
      await transferDialog.getByText('Pick a location.').waitFor();
      await pickIn(page, 'transfer-location', 'Riverside');
      await pickIn(page, 'transfer-room', 'Pre-K');
      await checkA11y(page, 'demo /students transfer form');
      await transferDialog.getByTestId('bulk-transfer-submit').click();
      await transferDialog.waitFor({ state: 'detached' });
      await page.getByText('Students transferred: 1.').waitFor();
      await rowOf(leo).getByRole('cell', { name: 'Riverside', exact: true }).waitFor();
      await rowOf(leo).getByRole('cell', { name: 'Pre-K', exact: true }).waitFor();
      await rowOf(ivy).getByRole('cell', { name: 'Downtown', exact: true }).waitFor();

      // Ivy's profile: Leo becomes her sibling, then is unlinked.
      await page.getByRole('link', { name: ivy }).click();
      await page.getByTestId('student-profile').waitFor();
      assert.equal(pathOf(page), `/teacher/student/${ivyId}`);
      const siblings = page.getByTestId('siblings');
      await siblings.getByTestId('table-empty').waitFor();
      await pickIn(page, 'sibling-pick', new RegExp(`^${leo}`), lname);
      await siblings.getByTestId('sibling-add').click();
      await page.getByText('Sibling added.').waitFor();
      await siblings.getByRole('link', { name: leo }).waitFor();
      assert.equal(await siblings.getByRole('link', { name: ivy }).count(), 0, 'a student is not their own sibling');
      await tablesReady(page);
      await checkA11y(page, 'demo /teacher/student/:userId with a sibling');
      // The link goes both ways.
      await siblings.getByRole('link', { name: leo }).click();
      await page.waitForURL((url) => url.pathname === `/teacher/student/${leoId}`);
      await page.getByTestId('siblings').getByRole('link', { name: ivy }).waitFor();
      await page.getByTestId('siblings').getByRole('link', { name: ivy }).click();
      await page.waitForURL((url) => url.pathname === `/teacher/student/${ivyId}`);
      await page.getByRole('button', { name: `Remove ${leo} as a sibling` }).click();
      await page.getByText(`${leo} is no longer listed as a sibling.`).waitFor();
      await page.getByTestId('siblings').getByTestId('table-empty').waitFor();
    },
  },
];
