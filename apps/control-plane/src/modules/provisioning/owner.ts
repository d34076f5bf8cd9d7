import { randomPin, randomToken, sha256Hex } from '@kv/auth';
import { queueMessage } from '@kv/messaging';
import type { Knex } from 'knex';
import type { ControlPlaneRuntime } from '../../deps.ts';
import { applyCentreSetup, findCentreSetup } from '../signup/setup.ts';
import { findCentreUserId, insertInviteToken, insertOwner, type ProvisioningRow } from './repo.ts';

const INVITE_TTL_MS = 7 * 24 * 60 * 60_000;

async function centreDb(rt: ControlPlaneRuntime, centre: ProvisioningRow, serverId: string): Promise<Knex> {
  const url = await rt.directory.connectionUrl({ database_server_id: serverId, database_name: centre.database_name });
  return rt.pools.get(centre.id, url);
}

/**
 * Opens the connection the owner step will use while the steps before it finish (a connection is
 * several round trips: TCP, authentication, backend start). A failure is left to the owner step.
 */
export function openCentreConnection(rt: ControlPlaneRuntime, centre: ProvisioningRow, serverId: string): void {
  centreDb(rt, centre, serverId)
    .then(async (db) => db.client.releaseConnection(await db.client.acquireConnection()))
    .catch(() => undefined);
}

/**
 * The centre owner in the centre's own database, invited by email (PIN + link to /viue/<pin_time>).
 * One transaction with the message, and skipped when the owner exists, so a retry never invites twice.
 */
export async function createCentreOwner(rt: ControlPlaneRuntime, centre: ProvisioningRow, serverId: string): Promise<{ created: boolean }> {
  // A centre from the sign-up funnel: the owner has a password already, and the setup comes along.
  const [db, setup] = await Promise.all([centreDb(rt, centre, serverId), findCentreSetup(rt.controlDb, centre.id)]);
  const result = await db.transaction(async (trx) => {
    const existing = await findCentreUserId(trx, centre.owner_username!);
    if (setup) {
      const ownerId =
        existing ??
        (await insertOwner(trx, {
          fname: centre.owner_fname!,
          lname: centre.owner_lname!,
          username: centre.owner_username!,
          email: centre.contact_email!,
          passwordHash: setup.password_hash,
        }));
      const queued = await applyCentreSetup(rt, trx, { id: centre.id, name: centre.name, slug: centre.slug }, ownerId, setup);
      return { created: !existing || queued };
    }
    if (existing) return { created: false };
    const userId = await insertOwner(trx, {
      fname: centre.owner_fname!,
      lname: centre.owner_lname!,
      username: centre.owner_username!,
      email: centre.contact_email!,
    });
    const pinTime = randomToken();
    const pin = randomPin(6);
    await insertInviteToken(trx, {
      userId,
      tokenHash: sha256Hex(pinTime),
      pinHash: sha256Hex(pin),
      expiresAt: new Date(Date.now() + INVITE_TTL_MS),
    });
    await queueMessage(trx, {
      channel: 'email',
      to: centre.contact_email!,
      userId,
      template: 'invite',
      locale: 'en',
      data: {
        fname: centre.owner_fname,
        centre: centre.name,
        pin,
        url: `${rt.config.centreOrigin(centre.slug)}/viue/${pinTime}`,
        inviter: 'KidsVision', // the owner is invited by the platform, not by an operator's username
      },
      centreId: centre.id,
    });
    return { created: true };
  });
  if (result.created) rt.kickCentreOutbox(centre.id, db);
  return result;
}
