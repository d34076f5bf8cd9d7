import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { api } from './api';
import { signIn } from './app';
import { hosts } from './hosts';
import type { JourneyContext } from './browser';

const PASSWORD = 'a fresh centre of our own';

interface Mail {
  channel: string;
  to?: string;
  recipient?: string;
  text?: string;
  body_text?: string;
}

/** The newest email to `email` in the centre's dev mailbox (read from the page: the browser resolves *.localhost). */
export async function mailTo(page: Page, email: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt += 1) {
    const body = (await page.evaluate(
      async (url) => {
        const response = await fetch(url, { headers: { accept: 'application/json' } });
        if (!response.ok) throw new Error(`dev mailbox answered ${response.status}`);
        return (await response.json()) as unknown;
      },
      `/dev/mailbox.json?to=${encodeURIComponent(email)}`,
    )) as Mail[] | { messages: Mail[] };
    const messages = (Array.isArray(body) ? body : body.messages).filter(
      (m) => m.channel === 'email' && (m.to ?? m.recipient ?? '').toLowerCase() === email.toLowerCase(),
    );
    // The mailbox answers newest first.
    const mail = messages[0];
    if (mail) return mail.text ?? mail.body_text ?? '';
    await page.waitForTimeout(500);
  }
  throw new Error(`no email for ${email} in the dev mailbox`);
}

/** Accepts the invitation mailed to `email` (PIN + /viue/ link) by setting `password`, as the invitee would. */
async function acceptInvitation(page: Page, email: string): Promise<void> {
  const text = await mailTo(page, email);
  const link = /\/viue\/([^\s"'<>)]+)/.exec(text);
  assert.ok(link, `no /viue/ link in the invitation: ${text}`);
  const pin = /code:\s*(\d{4,8})/i.exec(text)?.[1] ?? /\b(\d{4,8})\b/.exec(text.replace(link[0], ''))?.[1];
  assert.ok(pin, 'no code in the invitation');
  const verified = await api<{ verifyInvitedUserEmail: { token: string | null } }>(
    page,
    'mutation($t: String!, $p: String!) { verifyInvitedUserEmail(pin_time: $t, pin: $p) { token } }',
    { t: decodeURIComponent(link[1]!), p: pin },
  );
  assert.ok(verified.verifyInvitedUserEmail.token, 'the invitation PIN was refused');
  await api(
    page,
    'mutation($t: String!, $p: String!) { updateInvitedUserPassword(token: $t, password: $p, password_confirmation: $p) { status } }',
    {
      t: verified.verifyInvitedUserEmail.token,
      p: PASSWORD,
    },
  );
}

export interface FreshCentre {
  base: string;
  /** A page signed in as the centre's manager, who manages no location yet. */
  manager: Page;
}

/**
 * A new centre provisioned through the control plane (as the platform admin), its owner's
 * invitation accepted, and a manager invited by the owner. A manager always starts with a location,
 * so the owner gives them a temporary one and closes it: the manager then stands where a new
 * centre's manager does, with no location, room or camera.
 */
export async function freshCentre({ pageAs, newPage }: JourneyContext, label: string): Promise<FreshCentre> {
  const admin = await pageAs(hosts.platform, 'admin');
  const slug = `e2e-${label}-${Date.now().toString(36)}`;
  const ownerEmail = `${slug}-owner@example.com`;
  const added = await api<{ addCenter: { status: boolean; message: string; center: { id: string } | null } }>(
    admin,
    `mutation($name: String!, $slug: String!, $email: String!) {
      addCenter(name: $name, slug: $slug, contact_email: $email, owner_fname: "Olive", owner_lname: "Owner", owner_username: "owner") { status message center { id } }
    }`,
    { name: `E2E ${slug}`, slug, email: ownerEmail },
  );
  assert.ok(added.addCenter.center, added.addCenter.message);
  const id = added.addCenter.center.id;
  for (let waited = 0; ; waited += 1000) {
    const { getCenter } = await api<{ getCenter: { status: string; provisioning_error: string | null } }>(
      admin,
      'query($id: ID!) { getCenter(id: $id) { status provisioning_error } }',
      { id },
    );
    if (getCenter.status === 'active') break;
    assert.ok(
      getCenter.status === 'provisioning' && waited < 120_000,
      `provisioning ${slug}: ${getCenter.status} ${getCenter.provisioning_error ?? ''}`,
    );
    await admin.waitForTimeout(1000);
  }
  await admin.close();

  const base = hosts.demo.replace('//demo.', `//${slug}.`);
  const owner = await newPage();
  await owner.goto(`${base}/login`);
  await acceptInvitation(owner, ownerEmail);
  await signIn(owner, base, 'owner', PASSWORD);

  const managerEmail = `${slug}-manager@example.com`;
  const { me } = await api<{ me: { id: string } }>(owner, '{ me { id } }');
  const place = await api<{ createNewLocation: { location: { id: string } } }>(
    owner,
    'mutation($m: [ID!]!) { createNewLocation(name: "Temporary", managers: $m) { location { id } } }',
    { m: [me.id] },
  );
  const placeId = place.createNewLocation.location.id;
  await api(
    owner,
    `mutation($l: ID!, $email: String!) {
      createManager(fname: "Mona", lname: "Manager", username: "mona", email: $email, locations: [$l], email_confirmed: false, send_invite: true) { status }
    }`,
    { l: placeId, email: managerEmail },
  );
  await api(owner, 'mutation($id: ID!) { deleteLocation(id: $id) { status } }', { id: placeId });

  const manager = await newPage();
  await manager.goto(`${base}/login`);
  await acceptInvitation(manager, managerEmail);
  await signIn(manager, base, 'mona', PASSWORD);
  await owner.close();
  return { base, manager };
}
