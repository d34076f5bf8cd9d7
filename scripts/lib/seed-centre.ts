import type { Knex } from 'knex';

export interface CentreDefinition {
  slug: string;
  name: string;
  kind: 'childcare' | 'petcare';
  language_pack: 'default' | 'dogs';
  contact_email: string;
  locations: {
    name: string;
    timezone: string;
    address: string;
    phone: string;
    email: string;
    is_signup: boolean;
    signup_code: string;
    color_code: string;
    rooms: { name: string; color_code: string }[];
  }[];
  staff: {
    username: string;
    /** The demo PIN for the kiosk and the time clock (spec User.check_in_pin). */
    check_in_pin?: string;
    fname: string;
    lname: string;
    role: string;
    email: string;
    job_title?: string;
    manages?: string[];
    locations?: string[];
  }[];
  families: {
    contacts: {
      username: string;
      check_in_pin?: string;
      fname: string;
      lname: string;
      email: string;
      phone: string;
      relation: string;
      legal_guardian?: boolean;
      is_payer?: boolean;
      emergency_contact?: boolean;
      watch_camera?: boolean;
      locale?: string;
    }[];
    children: { fname: string; lname: string; dob: string; gender: string; location: string; room: string }[];
  }[];
}

const SEED_MARKER = 'demo_seed';

/**
 * Demo content for a centre: locations, rooms, staff, families and children. Runs once per
 * centre database (a marker setting records it); every demo account shares one password hash.
 */
export async function seedCentre(db: Knex, def: CentreDefinition, passwordHash: string): Promise<boolean> {
  if (await db('settings').where({ key: SEED_MARKER }).first('id')) return false;
  await db.transaction(async (trx) => {
    const locationIds = new Map<string, string>();
    const roomIds = new Map<string, string>();
    for (const loc of def.locations) {
      const { rooms, ...fields } = loc;
      const [row] = await trx('locations').insert(fields).returning('id');
      locationIds.set(loc.name, String(row.id));
      // Demo cameras are watchable at any hour and without a check-in (the rules have their own tests).
      await trx('location_settings')
        .insert({ location_id: row.id, camera_only_checked_in: false })
        .onConflict('location_id')
        .merge(['camera_only_checked_in']);
      for (const [order, room] of rooms.entries()) {
        const [r] = await trx('programs')
          .insert({ ...room, location_id: row.id })
          .returning('id');
        roomIds.set(`${loc.name}/${room.name}`, String(r.id));
        const code = `${def.slug}-${loc.name}-${room.name}`.toLowerCase().replace(/[^a-z0-9]+/g, '-');
        await trx('cameras').insert({
          location_id: row.id,
          program_id: r.id,
          name: `${room.name} camera`,
          code,
          color_code: room.color_code,
          order,
          status: true,
          schedule_id: null,
        });
      }
    }
    const roleId = async (name: string) => String((await trx('roles').where({ name }).first('id')).id);
    // The centre owner already exists (provisioning invites them): give the demo account its password.
    const addUser = async (
      u: {
        username: string;
        check_in_pin?: string;
        fname: string;
        lname: string;
        email: string;
        phone?: string;
        job_title?: string;
        locale?: string;
        emergency_contact?: boolean;
      },
      role: string,
    ) => {
      const fields = {
        fname: u.fname,
        lname: u.lname,
        email: u.email,
        phone: u.phone ?? null,
        job_title: u.job_title ?? null,
        locale: u.locale ?? 'en',
        emergency_contact: u.emergency_contact ?? false,
        check_in_pin: u.check_in_pin ?? null,
        password_hash: passwordHash,
        email_confirmed: true,
        status: true,
        invited: false,
        pending: false,
      };
      const existing = await trx('users').whereRaw('lower(username) = lower(?)', [u.username]).first('id');
      const id = existing
        ? String(existing.id)
        : String(
            (
              await trx('users')
                .insert({ username: u.username, ...fields })
                .returning('id')
            )[0].id,
          );
      if (existing) await trx('users').where({ id }).update(fields);
      await trx('user_roles')
        .insert({ user_id: id, role_id: await roleId(role) })
        .onConflict(['user_id', 'role_id'])
        .ignore();
      return id;
    };
    for (const s of def.staff) {
      const id = await addUser(s, s.role);
      for (const name of s.manages ?? []) await trx('location_managers').insert({ location_id: locationIds.get(name), user_id: id });
      const member = s.role === 'center' ? [...locationIds.keys()] : [...(s.locations ?? []), ...(s.manages ?? [])];
      for (const name of new Set(member)) await trx('user_locations').insert({ user_id: id, location_id: locationIds.get(name) });
    }
    for (const family of def.families) {
      const contactIds: { id: string; c: CentreDefinition['families'][number]['contacts'][number] }[] = [];
      for (const c of family.contacts) contactIds.push({ id: await addUser(c, 'user'), c });
      for (const child of family.children) {
        const locationId = locationIds.get(child.location);
        const [s] = await trx('students')
          .insert({
            fname: child.fname,
            lname: child.lname,
            dob: child.dob,
            gender: child.gender,
            location_id: locationId,
            program_id: roomIds.get(`${child.location}/${child.room}`),
            enrollment_date: '2025-09-01',
          })
          .returning('id');
        for (const { id, c } of contactIds) {
          await trx('student_users').insert({
            student_id: s.id,
            user_id: id,
            relation: c.relation,
            legal_guardian: c.legal_guardian ?? false,
            is_payer: c.is_payer ?? false,
            emergency_contact: c.emergency_contact ?? false,
            watch_camera: c.watch_camera ?? true,
            pickup: true,
          });
          await trx('user_locations').insert({ user_id: id, location_id: locationId }).onConflict(['user_id', 'location_id']).ignore();
        }
      }
    }
    await trx('settings').insert({ key: SEED_MARKER, value: JSON.stringify({ seeded_at: new Date().toISOString() }) });
  });
  return true;
}
