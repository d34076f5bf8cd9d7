import { insertMany, type SeedStep } from '../context.ts';
import { addPeople, nextPin, phoneFor, takenNames, usernameFor } from '../people.ts';

/**
 * The named staff of the definition (the README's sign-ins and PINs), then generated teachers,
 * spread over the locations (first a manager for each location nobody manages), each working in one
 * or two rooms of their location; every room ends up with at least one teacher.
 */
export const staffStep: SeedStep = {
  name: 'staff',
  async run({ trx, def, size, faker, vocabulary, passwordHash, now, locations, rooms }) {
    const locs = await locations();
    const allRooms = await rooms();
    const locationId = new Map(locs.map((l) => [l.name, l.id]));
    const roomId = new Map(allRooms.map((r) => [r.key, r.id]));
    const domain = def.contact_email.split('@')[1]!;
    const { usernames, pins } = await takenNames(trx);
    for (const s of def.staff) {
      usernames.add(s.username.toLowerCase());
      if (s.check_in_pin) pins.add(s.check_in_pin);
    }
    const managed = new Set(def.staff.flatMap((s) => s.manages ?? []));
    const area = def.locations[0]?.phone.slice(0, 3) ?? '217';
    const pinSeries = { n: 0 };
    const unmanaged = locs.filter((l) => !managed.has(l.name));
    const generated = Array.from({ length: size.staff }, (_, i) => {
      const manages = i < unmanaged.length ? [unmanaged[i]!.name] : undefined;
      const location = manages ? manages[0]! : locs[i % locs.length]!.name;
      const sex = faker.person.sexType();
      const fname = faker.person.firstName(sex);
      const lname = faker.person.lastName();
      const username = usernameFor(fname, lname, usernames);
      const own = allRooms.filter((r) => r.location_id === locationId.get(location));
      const picked = manages ? [] : faker.helpers.arrayElements(own, { min: 1, max: Math.min(2, own.length) });
      return {
        username,
        fname,
        lname,
        email: `${username}@${domain}`,
        phone: phoneFor(faker, area),
        role: manages ? 'manager' : 'teacher',
        job_title: manages ? 'Site manager' : faker.helpers.arrayElement(vocabulary.staffTitles),
        check_in_pin: nextPin('5', pins, pinSeries),
        last_login_time: faker.date.recent({ days: 10, refDate: now }),
        manages,
        locations: [location],
        rooms: picked.map((r) => r.key),
      };
    });
    // Rooms nobody works in get the generated teacher of their location with the fewest rooms.
    const staffed = new Set([...def.staff, ...generated].flatMap((s) => s.rooms ?? []));
    for (const room of allRooms.filter((r) => !staffed.has(r.key))) {
      const loc = locs.find((l) => l.id === room.location_id)!.name;
      const candidates = generated.filter((g) => g.role === 'teacher' && g.locations.includes(loc));
      const pick = candidates.sort((a, b) => a.rooms.length - b.rooms.length)[0];
      if (pick) pick.rooms.push(room.key);
    }

    const people = [...def.staff.map((s) => ({ ...s, phone: null, last_login_time: null })), ...generated];
    const ids = await addPeople(trx, people, passwordHash);
    const managers: Record<string, unknown>[] = [];
    const members = new Map<string, Set<string>>();
    const programs: Record<string, unknown>[] = [];
    people.forEach((s, i) => {
      const id = ids[i]!;
      for (const name of s.manages ?? []) managers.push({ location_id: locationId.get(name), user_id: id });
      const member = s.role === 'center' ? [...locationId.keys()] : [...(s.locations ?? []), ...(s.manages ?? [])];
      members.set(id, new Set(member.map((n) => locationId.get(n)!)));
      for (const key of s.rooms ?? []) {
        const room = roomId.get(key);
        if (!room) throw new Error(`${s.username}: no room "${key}"`);
        programs.push({ user_id: id, program_id: room });
      }
    });
    await insertMany(trx, 'location_managers', managers);
    await insertMany(
      trx,
      'user_locations',
      [...members].flatMap(([user_id, set]) => [...set].map((location_id) => ({ user_id, location_id }))),
    );
    await insertMany(trx, 'user_programs', programs);
    return `${people.length} staff (${generated.length} generated), ${programs.length} room assignments`;
  },
};
