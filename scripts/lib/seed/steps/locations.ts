import { allocateIds, auditRow, insertMany, type SeedStep } from '../context.ts';

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'];
/** Camera colours besides the rooms' own (unique per location). */
const EXTRA_COLOURS = ['#1E1E1E', '#82868B', '#4B4B4B'];

/**
 * Locations with their settings, opening-hours and outdoor schedules, rooms with their ratio, a
 * camera per room and a camera group of shared cameras (outdoor, front door) that the rooms without
 * named children show. Schedules bound cameras only at locations without named families, so the
 * README's parents can watch at any hour.
 */
export const locationsStep: SeedStep = {
  name: 'locations',
  async run({ trx, def, vocabulary, ownerId }) {
    const owner = await ownerId();
    const named = new Set(def.families.flatMap((f) => f.children.map((c) => `${c.location}/${c.room}`)));
    const namedLocations = new Set(def.families.flatMap((f) => f.children.map((c) => c.location)));
    const locationIds = await allocateIds(trx, 'locations', def.locations.length);
    await insertMany(
      trx,
      'locations',
      def.locations.map(({ rooms: _rooms, ...fields }, i) => ({
        id: locationIds[i],
        ...fields,
        signup_code_set_at: fields.signup_code ? new Date() : null,
      })),
    );
    // Demo cameras are watchable without a check-in (the rules have their own tests).
    await insertMany(
      trx,
      'location_settings',
      locationIds.map((id) => ({ location_id: id, camera_only_checked_in: false, parent_directory_visibility: true })),
    );
    await insertMany(
      trx,
      'attendance_settings',
      locationIds.map((id) => ({ location_id: id, parent_check_in: true, updated_by: owner })),
    );

    const scheduleIds = await allocateIds(trx, 'schedules', locationIds.length * 2);
    await insertMany(
      trx,
      'schedules',
      locationIds.flatMap((id, i) => [
        { id: scheduleIds[2 * i], location_id: id, name: 'Opening hours', status: true },
        { id: scheduleIds[2 * i + 1], location_id: id, name: 'Outdoor time', status: true },
      ]),
    );
    await insertMany(
      trx,
      'schedule_dates',
      locationIds.flatMap((_, i) => [
        ...WEEKDAYS.map((day) => ({ schedule_id: scheduleIds[2 * i], day, start_time: '07:00', end_time: '18:30' })),
        ...WEEKDAYS.flatMap((day) => [
          { schedule_id: scheduleIds[2 * i + 1], day, start_time: '10:00', end_time: '11:30' },
          { schedule_id: scheduleIds[2 * i + 1], day, start_time: '15:00', end_time: '16:30' },
        ]),
      ]),
    );
    for (const [i, id] of locationIds.entries())
      await trx('locations')
        .where({ id })
        .update({ schedule_id: scheduleIds[2 * i] });

    const groupIds = await allocateIds(trx, 'camera_groups', locationIds.length);
    await insertMany(
      trx,
      'camera_groups',
      locationIds.map((id, i) => ({ id: groupIds[i], location_id: id, name: vocabulary.cameraGroup.name })),
    );

    const rooms = def.locations.flatMap((loc, li) => loc.rooms.map((room) => ({ loc, li, room })));
    const roomIds = await allocateIds(trx, 'programs', rooms.length);
    await insertMany(
      trx,
      'programs',
      rooms.map(({ loc, li, room }, i) => ({
        id: roomIds[i],
        name: room.name,
        color_code: room.color_code,
        location_id: locationIds[li],
        // Rooms of the README's children keep exactly their own camera.
        camera_group_id: named.has(`${loc.name}/${room.name}`) ? null : groupIds[li],
      })),
    );
    await insertMany(
      trx,
      'room_ratios',
      rooms.flatMap(({ li, room }, i) =>
        room.ratio ? [{ program_id: roomIds[i], location_id: locationIds[li], children: room.ratio, staff: 1, updated_by: owner }] : [],
      ),
    );

    const code = (...parts: string[]) =>
      parts
        .join('-')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-');
    const cameras = [
      ...rooms.map(({ loc, li, room }, i) => ({
        location_id: locationIds[li],
        program_id: roomIds[i],
        name: `${room.name} camera`,
        code: code(def.slug, loc.name, room.name),
        color_code: room.color_code,
        order: loc.rooms.indexOf(room),
        status: true,
        schedule_id: namedLocations.has(loc.name) ? null : scheduleIds[2 * li],
      })),
      ...def.locations.flatMap((loc, li) =>
        vocabulary.cameraGroup.cameras.map((name, k) => ({
          location_id: locationIds[li],
          program_id: null,
          name: `${name} camera`,
          code: code(def.slug, loc.name, name),
          color_code: EXTRA_COLOURS[k % EXTRA_COLOURS.length],
          order: loc.rooms.length + k,
          status: true,
          schedule_id: namedLocations.has(loc.name) ? null : scheduleIds[2 * li + 1],
        })),
      ),
    ];
    const cameraIds = await allocateIds(trx, 'cameras', cameras.length);
    await insertMany(
      trx,
      'cameras',
      cameras.map((c, i) => ({ id: cameraIds[i], ...c })),
    );
    await insertMany(
      trx,
      'camera_group_cameras',
      cameras.flatMap((c, i) =>
        c.program_id === null ? [{ camera_group_id: groupIds[locationIds.indexOf(c.location_id!)], camera_id: cameraIds[i] }] : [],
      ),
    );
    // The history screens: what the services record when a manager creates each of these.
    const created = (action: string, entity: string, ids: string[], names: string[], locations: string[]) =>
      ids.map((id, i) =>
        auditRow({ action, entity, entity_id: id, location_id: locations[i], actor_user_id: owner, data: { name: names[i] } }),
      );
    await insertMany(trx, 'audit_log', [
      ...created(
        'location.create',
        'location',
        locationIds,
        def.locations.map((l) => l.name),
        locationIds,
      ),
      ...created(
        'schedule.create',
        'schedule',
        scheduleIds,
        locationIds.flatMap(() => ['Opening hours', 'Outdoor time']),
        locationIds.flatMap((id) => [id, id]),
      ),
      ...created(
        'room.create',
        'room',
        roomIds,
        rooms.map((r) => r.room.name),
        rooms.map((r) => locationIds[r.li]!),
      ),
      ...created(
        'group.create',
        'group',
        groupIds,
        groupIds.map(() => vocabulary.cameraGroup.name),
        locationIds,
      ),
      ...created(
        'camera.create',
        'camera',
        cameraIds,
        cameras.map((c) => c.name),
        cameras.map((c) => c.location_id!),
      ),
    ]);
    return `${locationIds.length} locations, ${rooms.length} rooms, ${cameras.length} cameras, ${groupIds.length} camera groups, ${scheduleIds.length} schedules`;
  },
};
