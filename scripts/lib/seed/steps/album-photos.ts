import { availableParallelism } from 'node:os';
import type { Faker } from '@faker-js/faker';
import sharp from 'sharp';
import { MAX_URL_SECONDS } from '@kv/files';
import { acceptedAudit, checkAndStore, purposeOf, rulesOf, type ReadyColumns } from '@kv/tenant-api';
import { allocateIds, auditRow, insertMany, type SeedStep, type SeededChild } from '../context.ts';

const CONCURRENCY = Math.min(4, availableParallelism());
/** Issue 17's demo albums per centre. */
const STUDENT_PHOTOS = 120;
const GROUP_SHOTS = 40;
const PENDING = 15;
const STAFF_PHOTOS = 30;
const FACILITY_PHOTOS = 30;
/** Consent shares: other families 60 %, own family 25 %, marketing 10 %, none 5 %. */
const CONSENT_WEIGHTS = [
  { value: 'other_families', weight: 60 },
  { value: 'own_family', weight: 25 },
  { value: 'marketing', weight: 10 },
  { value: 'none', weight: 5 },
] as const;

/** A small drawn scene (a room with round figures, a garden, a hall): 256 × 192, as PNG the check re-encodes. */
function scene(faker: Faker, figures: number, caption: string): string {
  const hue = faker.number.int({ min: 0, max: 359 });
  const shapes = Array.from({ length: figures }, (_, i) => {
    const x = 40 + ((i + 0.5) * 240) / Math.max(1, figures);
    const r = faker.number.int({ min: 14, max: 24 });
    const skin = faker.helpers.arrayElement(['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac']);
    const shirt = `hsl(${faker.number.int({ min: 0, max: 359 })},70%,55%)`;
    return `<circle cx="${x}" cy="120" r="${r}" fill="${skin}"/><rect x="${x - r}" y="${120 + r}" width="${2 * r}" height="${2.2 * r}" rx="6" fill="${shirt}"/>`;
  }).join('');
  const text = caption.replace(/[<&>"]/g, '');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="192" viewBox="0 0 320 240">
<rect width="320" height="240" fill="hsl(${hue},45%,85%)"/><rect y="180" width="320" height="60" fill="hsl(${(hue + 40) % 360},35%,60%)"/>
<circle cx="270" cy="40" r="22" fill="hsl(50,90%,65%)"/>${shapes}
<text x="10" y="228" font-family="sans-serif" font-size="13" fill="#333">${text}</text></svg>`;
}

const STUDENT_CAPTIONS = [
  'Painting time',
  'Story circle',
  'Building blocks',
  'Outdoor play',
  'Snack time',
  'Music and movement',
  'Sand pit',
  'Water table',
  'Nature walk',
  'Puzzle corner',
];
const STAFF_CAPTIONS = ['Team meeting', 'First-aid training', 'Welcome breakfast', 'Room setup', 'Parent evening'];
const FACILITY_CAPTIONS = ['Front entrance', 'Playground', 'Reading nook', 'Kitchen', 'Nap room', 'Garden beds', 'Art wall'];

/**
 * Album photos (issue 17) and photo consent for each demo centre: 120 photos in the students album
 * (40 group shots, 15 pending approval), 30 in staff, 30 in facility, each a small drawn scene put
 * through the files service's check for `album_photo` at the centre's image setting (`checkAndStore`)
 * and recorded as the services record it (files row, photo, tags, upload/approval log, audit). Consent:
 * other families 60 %, own family 25 %, marketing 10 %, none 5 %, with one `none` child in the demo
 * parent's child's room; no photo tags a `none` child (the API refuses it), and the demo parent's
 * child is in some group shots.
 */
export const albumPhotosStep: SeedStep = {
  name: 'album-photos',
  async run({ trx, faker, now, centre, files, children, staff, ownerId }) {
    if (!files || !centre.id) throw new Error('the album photos need the file store and the centre id (SeedOptions.files, centre.id)');
    const centreId = centre.id;
    const owner = await ownerId();
    const kids = (await children()).filter((k) => !k.archived && k.status);
    const people = await staff();
    if (!kids.length) return 'no children: no album photos';

    // ── consent ────────────────────────────────────────────────────────────────
    const demoKids = new Set(
      (await trx('student_users as su').join('users as u', 'u.id', 'su.user_id').where('u.username', 'parent').select('su.student_id')).map(
        (r) => String(r.student_id),
      ),
    );
    const consent = new Map<string, string>();
    for (const k of kids) {
      const drawn = faker.helpers.weightedArrayElement(CONSENT_WEIGHTS.map((c) => ({ value: c.value as string, weight: c.weight })));
      // The demo parent's own children share at least with their family, so the demo shows photos.
      consent.set(k.id, demoKids.has(k.id) && drawn === 'none' ? 'own_family' : drawn);
    }
    const demoKid = kids.find((k) => demoKids.has(k.id) && k.program_id);
    if (demoKid) {
      const roomMates = kids.filter((k) => k.program_id === demoKid.program_id && !demoKids.has(k.id));
      if (roomMates.length && !roomMates.some((k) => consent.get(k.id) === 'none')) consent.set(roomMates[0]!.id, 'none');
    }
    const consentRows = kids.map((k) => ({
      student_id: k.id,
      consent: consent.get(k.id),
      source: 'paper_form',
      recorded_by: owner,
      created_at: new Date(now.getTime() - faker.number.int({ min: 30, max: 400 }) * 86_400_000),
    }));

    // ── who may be in which photo ──────────────────────────────────────────────
    const taggable = kids.filter((k) => consent.get(k.id) !== 'none');
    const byRoom = new Map<string, SeededChild[]>();
    for (const k of taggable) {
      const key = k.program_id ?? `loc:${k.location_id}`;
      byRoom.set(key, [...(byRoom.get(key) ?? []), k]);
    }
    const rooms = [...byRoom.entries()].filter(([, list]) => list.length >= 2);
    const staffAt = new Map<string, string[]>();
    for (const r of (await trx('user_locations').select('user_id', 'location_id')).concat(
      await trx('location_managers').select('user_id', 'location_id'),
    )) {
      if (!people.some((p) => p.id === String(r.user_id))) continue;
      const key = String(r.location_id);
      staffAt.set(key, [...new Set([...(staffAt.get(key) ?? []), String(r.user_id)])]);
    }
    const locationIds = [...new Set(kids.map((k) => k.location_id))];
    const uploaderAt = (loc: string) => faker.helpers.arrayElement(staffAt.get(loc) ?? [owner]);
    const managers = new Set(people.filter((p) => p.role !== 'teacher').map((p) => p.id));
    const approverAt = (loc: string) => faker.helpers.arrayElement((staffAt.get(loc) ?? []).filter((u) => managers.has(u)).concat(owner));

    type Plan = {
      album: 'students' | 'staff' | 'facility';
      location: string;
      students: string[];
      staff: string[];
      caption: string;
      at: Date;
      pending: boolean;
      uploader: string;
      approver: string | null;
      svg: string;
    };
    const plans: Plan[] = [];
    const when = (maxDays: number) => new Date(now.getTime() - faker.number.int({ min: 30, max: maxDays * 24 * 60 }) * 60_000);
    const demoRoom = demoKid ? byRoom.get(demoKid.program_id!) : undefined;
    for (let i = 0; i < STUDENT_PHOTOS; i++) {
      const group = i < GROUP_SHOTS;
      let tagged: SeededChild[];
      if (group) {
        // Every fourth group shot is of the demo parent's child's room, with that child in it.
        const list = i % 4 === 0 && demoRoom && demoRoom.length >= 2 ? demoRoom : (faker.helpers.arrayElement(rooms)?.[1] ?? taggable);
        tagged = faker.helpers.arrayElements(list, { min: 2, max: Math.min(5, list.length) });
        if (list === demoRoom && demoKid && !tagged.some((k) => k.id === demoKid.id)) tagged[0] = demoKid;
      } else {
        tagged = [faker.helpers.arrayElement(taggable)];
      }
      const location = tagged[0]!.location_id;
      const caption = faker.helpers.arrayElement(STUDENT_CAPTIONS);
      // The most recent uploads are the ones waiting for approval.
      const pending = i >= STUDENT_PHOTOS - PENDING;
      plans.push({
        album: 'students',
        location,
        students: [...new Set(tagged.map((k) => k.id))],
        staff: [],
        caption,
        at: pending ? when(2) : when(60),
        pending,
        uploader: uploaderAt(location),
        approver: pending ? null : approverAt(location),
        svg: scene(faker, tagged.length, caption),
      });
    }
    for (let i = 0; i < STAFF_PHOTOS + FACILITY_PHOTOS; i++) {
      const album = i < STAFF_PHOTOS ? 'staff' : 'facility';
      const location = faker.helpers.arrayElement(locationIds);
      const team = staffAt.get(location) ?? [];
      const tagged = album === 'staff' && team.length ? faker.helpers.arrayElements(team, { min: 1, max: Math.min(3, team.length) }) : [];
      const caption = faker.helpers.arrayElement(album === 'staff' ? STAFF_CAPTIONS : FACILITY_CAPTIONS);
      plans.push({
        album,
        location,
        students: [],
        staff: tagged,
        caption,
        at: when(90),
        pending: false,
        uploader: uploaderAt(location),
        approver: approverAt(location),
        svg: scene(faker, album === 'staff' ? tagged.length : 0, caption),
      });
    }
    const fileIds = plans.map(() => faker.string.uuid());

    // ── images through the files service, as many at a time as there are cores ─
    const rules = await rulesOf(trx, purposeOf('album_photo')!);
    const stored: { png: Buffer; ready: ReadyColumns }[] = new Array(plans.length);
    let next = 0;
    const worker = async () => {
      while (next < plans.length) {
        const i = next++;
        const png = await sharp(Buffer.from(plans[i]!.svg)).png({ compressionLevel: 1 }).toBuffer();
        const checked = await checkAndStore(files, centreId, fileIds[i]!, 'album_photo', png, 'image/png', rules);
        if (!checked.ok) throw new Error(`album photo ${i} was refused: ${checked.reason}`);
        stored[i] = { png, ready: checked.ready };
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, plans.length) }, worker));

    // ── rows, one statement per table ─────────────────────────────────────────
    const photoIds = await allocateIds(trx, 'photos', plans.length);
    const fileRows = plans.map((p, i) => ({
      id: fileIds[i]!,
      purpose: 'album_photo',
      owner_id: p.location,
      ...stored[i]!.ready,
      original_name: `${p.caption}.png`,
      declared_type: 'image/png',
      declared_size: stored[i]!.png.length,
      uploaded_by: p.uploader,
      upload_expires_at: new Date(p.at.getTime() + MAX_URL_SECONDS * 1000),
      checked_at: new Date(p.at.getTime() + 2000),
      created_at: p.at,
      updated_at: new Date(p.at.getTime() + 2000),
    }));
    await insertMany(trx, 'files', fileRows);
    const approvedAt = (p: Plan) => new Date(p.at.getTime() + 3_600_000);
    await insertMany(
      trx,
      'photos',
      plans.map((p, i) => ({
        id: photoIds[i],
        album: p.album,
        file_id: fileIds[i],
        location_id: p.location,
        caption: p.caption,
        taken_at: p.at,
        status: p.pending ? 'pending' : 'approved',
        uploaded_by: p.uploader,
        approved_by: p.approver,
        approved_at: p.pending ? null : approvedAt(p),
        created_at: p.at,
        updated_at: p.pending ? p.at : approvedAt(p),
      })),
    );
    await insertMany(
      trx,
      'photo_students',
      plans.flatMap((p, i) => p.students.map((s) => ({ photo_id: photoIds[i], student_id: s }))),
    );
    await insertMany(
      trx,
      'photo_staff',
      plans.flatMap((p, i) => p.staff.map((u) => ({ photo_id: photoIds[i], user_id: u }))),
    );
    await insertMany(
      trx,
      'photo_logs',
      plans.flatMap((p, i) => [
        { photo_id: photoIds[i], action: 'upload', user_id: p.uploader, created_at: p.at },
        ...(p.pending ? [] : [{ photo_id: photoIds[i], action: 'approval', user_id: p.approver, created_at: approvedAt(p) }]),
      ]),
    );
    await insertMany(trx, 'photo_consents', consentRows);
    await insertMany(trx, 'audit_log', [
      ...fileRows.map((r) => auditRow({ ...acceptedAudit(r), created_at: r.checked_at })),
      ...plans.map((p, i) =>
        auditRow({
          action: 'photo.create',
          entity: 'photo',
          entity_id: photoIds[i]!,
          location_id: p.location,
          actor_user_id: p.uploader,
          data: { album: p.album, file_id: fileIds[i], students: p.students, staff: p.staff, status: p.pending ? 'pending' : 'approved' },
          created_at: p.at,
        }),
      ),
    ]);
    const tally = (v: string) => consentRows.filter((c) => c.consent === v).length;
    const bytes = fileRows.reduce((n, r) => n + r.size, 0);
    return (
      `${plans.length} album photos (${STUDENT_PHOTOS} students: ${GROUP_SHOTS} group, ${PENDING} pending; ${STAFF_PHOTOS} staff; ` +
      `${FACILITY_PHOTOS} facility; ${Math.round(bytes / 1024)} KB stored); consent ${tally('other_families')} other families, ` +
      `${tally('own_family')} own family, ${tally('marketing')} marketing, ${tally('none')} none`
    );
  },
};
