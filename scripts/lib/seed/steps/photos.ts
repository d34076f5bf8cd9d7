import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { MAX_URL_SECONDS } from '@kv/files';
import { acceptedAudit, checkAndStore, type ReadyColumns } from '@kv/tenant-api';
import { auditRow, insertMany, type SeedStep } from '../context.ts';

/** Portraits rendered and checked at once: the machine's cores (at most 4), not one per child. */
const CONCURRENCY = Math.min(4, availableParallelism());

/**
 * Profile photos for most children (pets): a drawn portrait per child, rendered to PNG, then
 * through the upload pipeline's own check and storage for `student_photo` (`checkAndStore`:
 * re-encoded to WebP, main and thumbnail variants under `centre/<id>/files/<uuid>/<variant>`) and
 * a `ready` files row with its audit row, as the check job leaves an accepted upload.
 */
export const photosStep: SeedStep = {
  name: 'photos',
  async run({ trx, faker, vocabulary, now, centre, files, children, staff, ownerId }) {
    if (!files || !centre.id) throw new Error('the photos need the file store and the centre id (SeedOptions.files, centre.id)');
    const store = files;
    const centreId = centre.id;
    const people = (await staff()).map((s) => s.id);
    const uploaders = people.length ? people : [await ownerId()];
    // A centre seeded before this step may have photos uploaded since: those children keep theirs.
    const uploaded = new Set(
      (await trx('files').where({ purpose: 'student_photo', status: 'ready' }).distinct('owner_id')).map((r) => String(r.owner_id)),
    );
    // Every draw first, in the children's order, so rendering in parallel changes nothing.
    const planned = (await children()).flatMap((kid) => {
      if (!faker.datatype.boolean(vocabulary.photos.share)) return [];
      const at = new Date(now.getTime() - faker.number.int({ min: 60, max: 20 * 24 * 60 }) * 60_000);
      const photo = {
        kid,
        id: faker.string.uuid(),
        svg: vocabulary.photos.portrait(faker),
        uploadedBy: faker.helpers.arrayElement(uploaders),
        at,
      };
      return uploaded.has(kid.id) ? [] : [photo];
    });

    const stored: { png: Buffer; ready: ReadyColumns }[] = new Array(planned.length);
    let next = 0;
    const worker = async () => {
      while (next < planned.length) {
        const i = next++;
        const p = planned[i]!;
        // Light compression: the PNG only carries the drawing to the check, which re-encodes it.
        const png = await sharp(Buffer.from(p.svg)).png({ compressionLevel: 1 }).toBuffer();
        const checked = await checkAndStore(store, centreId, p.id, 'student_photo', png, 'image/png');
        if (!checked.ok) throw new Error(`the photo of ${p.kid.fname} ${p.kid.lname} was refused: ${checked.reason}`);
        stored[i] = { png, ready: checked.ready };
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, planned.length) }, worker));

    const rows = planned.map((p, i) => ({
      id: p.id,
      purpose: 'student_photo',
      owner_id: p.kid.id,
      ...stored[i]!.ready,
      original_name: `${p.kid.fname} ${p.kid.lname}.png`,
      declared_type: 'image/png',
      declared_size: stored[i]!.png.length,
      uploaded_by: p.uploadedBy,
      upload_expires_at: new Date(p.at.getTime() + MAX_URL_SECONDS * 1000),
      checked_at: new Date(p.at.getTime() + 2000),
      created_at: p.at,
      updated_at: new Date(p.at.getTime() + 2000),
    }));
    await insertMany(trx, 'files', rows);
    await insertMany(
      trx,
      'audit_log',
      rows.map((r) => auditRow({ ...acceptedAudit(r), created_at: r.checked_at })),
    );
    const bytes = rows.reduce((n, r) => n + r.size, 0);
    return `${rows.length} photos (${Math.round(bytes / 1024)} KB stored)`;
  },
};
