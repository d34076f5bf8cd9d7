import { addDays, localParts } from '@kv/shared';
import { allocateIds, auditRow, insertMany, type SeedContext, type SeedStep } from '../context.ts';
import type { ChildDefinition, ContactDefinition } from '../definition.ts';
import { addPeople, nextPin, phoneFor, takenNames, usernameFor } from '../people.ts';
import type { RelationRule } from '../vocabulary.ts';

interface Contact extends ContactDefinition {
  rule: Pick<RelationRule, 'pickup' | 'watch_camera'>;
  black_list: boolean;
  last_login_time: Date | null;
  directory: boolean;
}
interface Child extends Omit<ChildDefinition, 'location' | 'room'> {
  location_id: string;
  program_id: string | null;
  other_room: string | null;
  type: string | null;
  status: boolean;
  archived: boolean;
  enrollment_date: string | null;
  week_schedule: string[];
  note: string | null;
  doctor_name: string | null;
  doctor_phone: string | null;
  street_1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}
interface Family {
  contacts: Contact[];
  children: Child[];
}

/** "120 Market Street, Springfield, IL 62701" → its city, state and ZIP. */
function cityOf(address: string): { city: string | null; state: string | null; zip: string | null } {
  const m = /,\s*([^,]+),\s*([A-Z]{2})\s+(\d{5})/.exec(address);
  return m ? { city: m[1]!, state: m[2]!, zip: m[3]! } : { city: null, state: null, zip: null };
}

/**
 * The named families of the definition exactly as written (the README's parent and children), then
 * generated families: one to three contacts each with custody and pickup rules (guardians,
 * grandparents who may pick up, a nanny who may not watch cameras, now and then a contact the
 * centre must not hand the child to), their children (pets) with siblings, rooms by age, a few
 * waitlisted, one lead and a few archived.
 */
export const familiesStep: SeedStep = {
  name: 'families',
  async run(ctx) {
    const { trx, def, passwordHash, ownerId } = ctx;
    const owner = await ownerId();
    const locs = await ctx.locations();
    const rooms = await ctx.rooms();
    const locationId = new Map(locs.map((l) => [l.name, l.id]));
    const roomId = new Map(rooms.map((r) => [r.key, r.id]));
    const named: Family[] = def.families.map((f) => ({
      contacts: f.contacts.map((c) => ({
        ...c,
        rule: { pickup: true, watch_camera: c.watch_camera ?? true },
        black_list: false,
        last_login_time: null,
        directory: false,
      })),
      children: f.children.map((c) => {
        const location = locationId.get(c.location);
        const room = roomId.get(`${c.location}/${c.room}`);
        if (!location || !room) throw new Error(`${c.fname} ${c.lname}: no room "${c.location}/${c.room}"`);
        return {
          fname: c.fname,
          lname: c.lname,
          dob: c.dob,
          gender: c.gender,
          location_id: location,
          program_id: room,
          other_room: null,
          type: 'enrolled',
          status: true,
          archived: false,
          enrollment_date: '2025-09-01',
          week_schedule: ['mon', 'tue', 'wed', 'thu', 'fri'],
          note: null,
          doctor_name: null,
          doctor_phone: null,
          street_1: null,
          ...cityOf(def.locations.find((l) => l.name === c.location)!.address),
        };
      }),
    }));
    const families = [...named, ...(await generate(ctx))];

    const contacts = families.flatMap((f) => f.contacts);
    const contactIds = await addPeople(
      trx,
      contacts.map((c) => ({ ...c, emergency_contact: c.emergency_contact, role: 'user' })),
      passwordHash,
    );
    const idOfContact = new Map(contacts.map((c, i) => [c, contactIds[i]!]));
    const children = families.flatMap((f) => f.children);
    const childIds = await allocateIds(trx, 'students', children.length);
    const idOfChild = new Map(children.map((c, i) => [c, childIds[i]!]));
    const now = new Date();
    await insertMany(
      trx,
      'students',
      children.map((c) => ({
        id: idOfChild.get(c),
        fname: c.fname,
        lname: c.lname,
        dob: c.dob,
        gender: c.gender,
        location_id: c.location_id,
        program_id: c.program_id,
        type: c.type,
        status: c.status,
        enrollment_date: c.enrollment_date,
        note: c.note,
        doctor_name: c.doctor_name,
        doctor_phone: c.doctor_phone,
        street_1: c.street_1,
        city: c.city,
        state: c.state,
        zip: c.zip,
        country: c.city ? 'US' : null,
        created_by: owner,
        updated_by: owner,
        deleted_at: c.archived ? now : null,
      })),
    );
    // Each child's weekdays are one open-ended schedule (the only source of expected attendance),
    // from before the attendance history the later steps write.
    const since = addDays(now.toISOString().slice(0, 10), -800);
    await insertMany(
      trx,
      'student_schedules',
      children.map((c) => ({
        student_id: idOfChild.get(c),
        location_id: c.location_id,
        program_id: c.program_id,
        start_date: since,
        type: c.week_schedule.length < 5 ? 'part_time' : 'full_time',
        days: c.week_schedule,
        created_by: owner,
      })),
    );
    await insertMany(
      trx,
      'student_programs',
      children.flatMap((c) => (c.other_room ? [{ student_id: idOfChild.get(c), program_id: c.other_room }] : [])),
    );
    await insertMany(
      trx,
      'student_siblings',
      families.flatMap((f) =>
        f.children.flatMap((a) =>
          f.children.filter((b) => b !== a).map((b) => ({ student_id: idOfChild.get(a), sibling_id: idOfChild.get(b) })),
        ),
      ),
    );
    await insertMany(
      trx,
      'student_users',
      families.flatMap((f) =>
        f.children.flatMap((child) =>
          f.contacts.map((c) => ({
            student_id: idOfChild.get(child),
            user_id: idOfContact.get(c),
            relation: c.relation,
            legal_guardian: c.legal_guardian ?? false,
            is_payer: c.is_payer ?? false,
            emergency_contact: c.emergency_contact ?? false,
            watch_camera: c.rule.watch_camera,
            pickup: c.rule.pickup,
            black_list: c.black_list,
            alert: c.black_list,
          })),
        ),
      ),
    );
    await insertMany(
      trx,
      'user_locations',
      families.flatMap((f) => {
        const at = [...new Set(f.children.map((c) => c.location_id))];
        return f.contacts.flatMap((c) => at.map((location_id) => ({ user_id: idOfContact.get(c), location_id })));
      }),
    );
    await insertMany(
      trx,
      'user_settings',
      contacts
        .filter((c) => c.directory)
        .map((c) => ({
          user_id: idOfContact.get(c),
          directory_visible: true,
          directory_show_email: true,
          directory_show_phone: true,
          directory_show_children: true,
        })),
    );
    await insertMany(trx, 'audit_log', [
      ...children.map((c) =>
        auditRow({
          action: 'student.create',
          entity: 'student',
          entity_id: idOfChild.get(c)!,
          location_id: c.location_id,
          actor_user_id: owner,
          data: { name: `${c.fname} ${c.lname}` },
        }),
      ),
      ...children
        .filter((c) => c.archived)
        .map((c) =>
          auditRow({
            action: 'student.archive',
            entity: 'student',
            entity_id: idOfChild.get(c)!,
            location_id: c.location_id,
            actor_user_id: owner,
            data: { name: `${c.fname} ${c.lname}` },
          }),
        ),
    ]);
    const waitlisted = children.filter((c) => c.type === 'waitlist' || c.type === 'lead').length;
    const archived = children.filter((c) => c.archived).length;
    return `${families.length} families, ${contacts.length} contacts, ${children.length} children (${waitlisted} waitlisted or leads, ${archived} archived)`;
  },
};

/** The generated families: deterministic for the centre (its own faker), dated from today. */
async function generate(ctx: SeedContext): Promise<Family[]> {
  const { def, size, faker, vocabulary, now, trx } = ctx;
  if (size.families <= 0) return [];
  const locs = await ctx.locations();
  const rooms = await ctx.rooms();
  const { usernames, pins } = await takenNames(trx);
  for (const c of def.families.flatMap((f) => f.contacts)) {
    usernames.add(c.username.toLowerCase());
    if (c.check_in_pin) pins.add(c.check_in_pin);
  }
  // The README's families stay the only ones with their names (journeys find them by name).
  const namedLast = new Set(def.families.flatMap((f) => [...f.contacts, ...f.children].map((p) => p.lname)));
  const namedFirst = new Set(def.families.flatMap((f) => f.children.map((c) => c.fname)));
  const area = def.locations[0]?.phone.slice(0, 3) ?? '217';
  const pinSeries = { n: 0 };
  const draw = <T>(make: () => T, ok: (v: T) => boolean): T => {
    for (;;) {
      const v = make();
      if (ok(v)) return v;
    }
  };

  // Children per family: one each, the rest to random families (at most three a family).
  const counts = Array.from({ length: size.families }, () => 1);
  for (let extra = Math.max(0, size.children - size.families); extra > 0;) {
    const i = faker.number.int({ max: size.families - 1 });
    if (counts[i]! < 3) {
      counts[i]! += 1;
      extra -= 1;
    }
  }
  const total = counts.reduce((a, b) => a + b, 0);
  const special = faker.helpers.shuffle(Array.from({ length: total }, (_, i) => i));
  const waitlist = new Set(special.slice(0, Math.max(1, Math.round(total / 25))));
  const lead = new Set(special.slice(waitlist.size, waitlist.size + 1));
  const archived = new Set(special.slice(waitlist.size + 1, waitlist.size + 1 + Math.max(1, Math.round(total / 30))));
  const restricted = new Set(
    faker.helpers.shuffle(Array.from({ length: size.families }, (_, i) => i)).slice(0, Math.ceil(size.families / 12)),
  );

  const contact = (rule: RelationRule, fname: string, lname: string, primary: boolean, black = false): Contact => {
    const username = usernameFor(fname, lname, usernames);
    return {
      username,
      fname,
      lname,
      email: `${username}@example.com`,
      phone: phoneFor(faker, area),
      relation: rule.relation,
      legal_guardian: rule.legal_guardian,
      emergency_contact: rule.emergency_contact,
      is_payer: primary,
      check_in_pin: black || !rule.pickup ? undefined : nextPin('7', pins, pinSeries),
      locale: faker.datatype.boolean(0.1) ? 'es' : 'en',
      rule: { pickup: rule.pickup, watch_camera: rule.watch_camera },
      black_list: black,
      last_login_time: black ? null : faker.datatype.boolean(0.8) ? faker.date.recent({ days: 14, refDate: now }) : null,
      directory: primary && faker.datatype.boolean(0.4),
    };
  };

  let childIndex = 0;
  return counts.map((n, fi) => {
    const loc = locs[fi % locs.length]!;
    const locDef = def.locations.find((l) => l.name === loc.name)!;
    const today = localParts(now, loc.timezone).date;
    const lname = draw(
      () => faker.person.lastName(),
      (v) => !namedLast.has(v),
    );
    const first = faker.helpers.arrayElement(vocabulary.primary);
    const firstName = (r: RelationRule) =>
      faker.person.firstName(
        /Mother|Grandmother|Aunt|Stepmother/.test(r.relation)
          ? 'female'
          : /Father|Grandfather|Uncle|Stepfather/.test(r.relation)
            ? 'male'
            : undefined,
      );
    const contacts = [contact(first, firstName(first), lname, true)];
    if (restricted.has(fi)) contacts.push(contact(vocabulary.restricted, faker.person.firstName(), lname, false, true));
    else if (faker.datatype.boolean(0.7)) {
      const second = draw(
        () => faker.helpers.arrayElement(vocabulary.secondary),
        (r) => r.relation !== first.relation,
      );
      contacts.push(contact(second, firstName(second), lname, false));
    }
    if (faker.datatype.boolean(0.3)) {
      const other = faker.helpers.arrayElement(vocabulary.extended);
      contacts.push(contact(other, firstName(other), /Grand|Aunt|Uncle/.test(other.relation) ? lname : faker.person.lastName(), false));
    }
    const street = faker.location.streetAddress();
    const names = new Set<string>();
    const children = Array.from({ length: n }, (): Child => {
      const i = childIndex++;
      const gender = faker.helpers.arrayElement(['Male', 'Female'] as const);
      const fname = draw(
        () => vocabulary.childName(faker, gender),
        (v) => !namedFirst.has(v) && !names.has(v),
      );
      names.add(fname);
      const own = rooms.filter((r) => r.location_id === loc.id);
      const room = faker.helpers.arrayElement(own);
      const ages = locDef.rooms.find((r) => r.name === room.name)?.ages ?? vocabulary.ages;
      const months = faker.number.int({ min: ages[0], max: ages[1] });
      const waiting = waitlist.has(i) || lead.has(i);
      const other = faker.datatype.boolean(0.1) ? faker.helpers.arrayElement(own.filter((r) => r.id !== room.id)) : undefined;
      return {
        fname,
        lname,
        gender,
        dob: addDays(today, -Math.round(months * 30.44) - faker.number.int({ max: 20 })),
        location_id: loc.id,
        program_id: waiting ? null : room.id,
        other_room: waiting ? null : (other?.id ?? null),
        type: waitlist.has(i) ? 'waitlist' : lead.has(i) ? 'lead' : 'enrolled',
        status: true,
        archived: archived.has(i),
        enrollment_date: waiting ? null : addDays(today, -faker.number.int({ min: 20, max: 700 })),
        week_schedule: faker.helpers.arrayElement(vocabulary.weekSchedules),
        note: faker.datatype.boolean(0.3) ? faker.helpers.arrayElement(vocabulary.notes) : null,
        doctor_name: def.kind === 'childcare' ? `Dr. ${faker.person.lastName()}` : `Dr. ${faker.person.lastName()} (vet)`,
        doctor_phone: phoneFor(faker, area),
        street_1: street,
        ...cityOf(locDef.address),
      };
    });
    return { contacts, children };
  });
}
