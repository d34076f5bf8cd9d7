import { createHash, randomBytes, randomInt } from 'node:crypto';
import { queueMessage } from '@kv/messaging';
import { auditRow, insertMany, type SeedStep } from '../context.ts';
import { addPeople, phoneFor, takenNames, usernameFor } from '../people.ts';

/** How long an invitation stays valid (users/service/invite.ts INVITE_MINUTES). */
const INVITE_MINUTES = 7 * 24 * 60;
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Invitations not accepted yet (two contacts of waitlisted children's families-to-be, one teacher):
 * the account with `invited` set, its one-time token and PIN, the invitation mail queued through
 * the outbox as the service queues it (so the invitations log and the dev mailbox show it), and the
 * audit row. Then two self-registered parents waiting for a manager's approval.
 */
export const invitationsStep: SeedStep = {
  name: 'invitations',
  async run({ trx, def, size, faker, centre, passwordHash, locations, ownerId }) {
    if (size.families <= 0) return 'none (no generated families)';
    const owner = await ownerId();
    const locs = await locations();
    const { usernames } = await takenNames(trx);
    const domain = def.contact_email.split('@')[1]!;
    const area = def.locations[0]?.phone.slice(0, 3) ?? '217';
    const person = (role: string, i: number, extra: { invited?: boolean; pending?: boolean }) => {
      const fname = faker.person.firstName();
      const lname = faker.person.lastName();
      const username = usernameFor(fname, lname, usernames);
      return {
        username,
        fname,
        lname,
        email: role === 'user' ? `${username}@example.com` : `${username}@${domain}`,
        phone: phoneFor(faker, area),
        role,
        location: locs[i % locs.length]!.id,
        created_by: owner,
        ...extra,
      };
    };
    const invited = [person('user', 0, { invited: true }), person('user', 1, { invited: true }), person('teacher', 2, { invited: true })];
    const pending = [person('user', 0, { pending: true }), person('user', 1, { pending: true })];
    const people = [...invited, ...pending];
    const ids = await addPeople(trx, people, passwordHash);
    await insertMany(
      trx,
      'user_locations',
      people.map((p, i) => ({ user_id: ids[i], location_id: p.location })),
    );
    const expires = new Date(Date.now() + INVITE_MINUTES * 60_000);
    for (const [i, p] of invited.entries()) {
      const token = randomBytes(24).toString('base64url');
      const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
      await trx('auth_tokens').insert({
        user_id: ids[i],
        purpose: 'invite',
        token_hash: sha256Hex(token),
        pin_hash: sha256Hex(pin),
        payload: JSON.stringify({}),
        expires_at: expires,
      });
      await queueMessage(trx, {
        channel: 'email',
        to: p.email,
        userId: ids[i],
        template: 'invite',
        locale: 'en',
        data: { centre: def.name, fname: p.fname, pin, url: `${centre.origin}/viue/${token}`, inviter: def.name },
        centreId: centre.id,
      });
    }
    await insertMany(
      trx,
      'audit_log',
      people.map((p, i) =>
        auditRow({
          action: 'user.create',
          entity: 'user',
          entity_id: ids[i]!,
          location_id: p.location,
          actor_user_id: p.invited ? owner : ids[i]!,
          data: {
            kind: p.role === 'user' ? 'contact' : 'teacher',
            roles: [p.role],
            locations: [p.location],
            invited: p.invited ? { email: true, sms: false } : undefined,
          },
        }),
      ),
    );
    return `${invited.length} pending invitations (mail queued), ${pending.length} registrations awaiting approval`;
  },
};
