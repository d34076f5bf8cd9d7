import type { Knex } from 'knex';
import { randomPin, randomToken, sha256Hex } from '@kv/auth';
import { queueMessage } from '@kv/messaging';
import type { ControlPlaneRuntime } from '../../deps.ts';

/** How long the owner's one-time sign-in token lives once the centre is ready. */
export const AUTOLOGIN_TTL_MIN = 15;
const MANAGER_INVITE_TTL_MS = 7 * 86_400_000;

/** What a customer's setup asks provisioning to write into the new centre's database. */
export interface CentreSetup {
  signup_id: string;
  fname: string;
  lname: string;
  password_hash: string;
  time_zone: string;
  location_name: string;
  manager_fname: string | null;
  manager_lname: string | null;
  manager_email: string | null;
  autologin_hash: string;
}

/** The setup of a centre made by the sign-up funnel (none for a centre an operator added). */
export async function findCentreSetup(controlDb: Knex, centreId: string): Promise<CentreSetup | null> {
  const row = await controlDb('customer_signups')
    .where({ center_id: centreId })
    .whereNotNull('autologin_hash')
    .first(
      controlDb.raw('id::text as signup_id'),
      'fname',
      'lname',
      'password_hash',
      'time_zone',
      'location_name',
      'manager_fname',
      'manager_lname',
      'manager_email',
      'autologin_hash',
    );
  return (row as CentreSetup | undefined) ?? null;
}

/**
 * Writes the setup into the centre's database, in the owner step's transaction: the first location
 * in its zone, the first manager (invited by email to that location) and the owner's one-time
 * sign-in token. Skipped when the token is already there, so a retried provisioning writes it once.
 * Answers whether a message was queued (the caller kicks the centre's outbox).
 */
export async function applyCentreSetup(
  rt: ControlPlaneRuntime,
  trx: Knex.Transaction,
  centre: { id: string; name: string; slug: string },
  ownerId: string,
  setup: CentreSetup,
): Promise<boolean> {
  if (await trx('auth_tokens').where({ purpose: 'autologin', token_hash: setup.autologin_hash }).first('id')) return false;
  const [loc] = await trx('locations').insert({ name: setup.location_name, timezone: setup.time_zone }).returning('id');
  let queued = false;
  if (setup.manager_email && setup.manager_fname && setup.manager_lname) {
    const { rows } = await trx.raw(
      `with m as (insert into users (fname, lname, username, email, invited, status, email_confirmed, locale)
                  values (?, ?, ?, ?, true, true, false, 'en') returning id)
       insert into user_roles (user_id, role_id) select m.id, roles.id from m, roles where roles.name = 'manager' returning user_id`,
      [setup.manager_fname, setup.manager_lname, setup.manager_email, setup.manager_email],
    );
    const managerId = String(rows[0].user_id);
    await trx('location_managers').insert({ location_id: loc.id, user_id: managerId });
    const pinTime = randomToken();
    const pin = randomPin(6);
    await trx('auth_tokens').insert({
      user_id: managerId,
      purpose: 'invite',
      token_hash: sha256Hex(pinTime),
      pin_hash: sha256Hex(pin),
      expires_at: new Date(Date.now() + MANAGER_INVITE_TTL_MS),
      payload: JSON.stringify({ by: 'signup' }),
    });
    await queueMessage(trx, {
      channel: 'email',
      to: setup.manager_email,
      userId: managerId,
      template: 'invite',
      locale: 'en',
      data: {
        fname: setup.manager_fname,
        centre: centre.name,
        pin,
        url: `${rt.config.centreOrigin(centre.slug)}/viue/${pinTime}`,
        inviter: `${setup.fname} ${setup.lname}`,
      },
      centreId: centre.id,
    });
    queued = true;
  }
  await trx('auth_tokens').insert({
    user_id: ownerId,
    purpose: 'autologin',
    token_hash: setup.autologin_hash,
    expires_at: new Date(Date.now() + AUTOLOGIN_TTL_MIN * 60_000),
  });
  return queued;
}
