import { performance } from 'node:perf_hooks';
import type { Benchmark } from './lib/context.ts';
import { figure, gql } from './lib/context.ts';
import { ensureCentres, tokens } from './lib/centres.ts';
import { median } from './lib/load.ts';

const SLUG = 'bench-photos';
/** 12 MP, as a phone takes them. */
const WIDTH = 4000;
const HEIGHT = 3000;
const BATCH = 5; // IMAGE_RESIZE_BATCH
const SETTING = { long_side: WIDTH, quality: 82, thumbnail: 400 };

const RESIZE = `mutation Resize($ids: [ID!]!) { bulkResizeImges(ids: $ids) { status resized } }`;
const SAVE_SETTING = `mutation($l: Int, $q: Int, $t: Int) { saveImagesSetting(long_side: $l, quality: $q, thumbnail: $t) { status } }`;

/**
 * `bulkResizeImges` on 12 MP photos: the page's walk over stored images in batches of five
 * (images per second through GraphQL, the FileStore, the check and the rows) against bare sharp
 * re-encoding the same stored files to the same setting in the same server process. The image
 * setting's long side is 4000 px, so every round re-encodes full 12 MP images (no upscaling, no
 * shrinking that would make later rounds cheaper).
 */
export const photosResize: Benchmark = {
  name: 'photos-resize',
  title: 'bulkResizeImges on 12 MP photos vs bare sharp',
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: 10 });
    const token = (await tokens(ctx, SLUG, ['center'])).get('center')!.token;
    await gql(ctx, SLUG, token, SAVE_SETTING, { l: SETTING.long_side, q: SETTING.quality, t: SETTING.thumbnail });
    const count = ctx.quick ? BATCH : 2 * BATCH;
    ctx.log(`  storing ${count} photos of ${WIDTH}×${HEIGHT} through the files service (once; kept between runs)…`);
    const ids = await ctx.platformCtl<string[]>('/album-images', { slug: SLUG, count, width: WIDTH, height: HEIGHT });
    const batches = Array.from({ length: Math.ceil(ids.length / BATCH) }, (_, i) => ids.slice(i * BATCH, (i + 1) * BATCH));

    const ours = async () => {
      const t0 = performance.now();
      for (const batch of batches) {
        const r = await gql<{ bulkResizeImges: { resized: number } }>(ctx, SLUG, token, RESIZE, { ids: batch });
        if (r.bulkResizeImges.resized !== batch.length)
          throw new Error(`photos-resize: resized ${r.bulkResizeImges.resized} of ${batch.length}`);
      }
      return ids.length / ((performance.now() - t0) / 1000);
    };
    const bare = async () => {
      const r = await ctx.platformCtl<{ ms: number; images: number }>('/bare-reencode', { slug: SLUG, ids, ...SETTING });
      return r.images / (r.ms / 1000);
    };
    // A warm-up round each, then interleaved rounds (fewer when quick: each round is seconds of CPU).
    await ours();
    await bare();
    const a: number[] = [];
    const b: number[] = [];
    const reps = ctx.quick ? 1 : ctx.reps;
    for (let rep = 0; rep < reps; rep++) {
      a.push(await ours());
      b.push(await bare());
      ctx.log(`  #${rep + 1}: bulkResizeImges ${a.at(-1)!.toFixed(2)} images/s, bare sharp ${b.at(-1)!.toFixed(2)} images/s`);
    }
    return [
      figure(
        'photos-resize',
        `bulkResizeImges, ${WIDTH}×${HEIGHT} (images/s)`,
        median(a),
        median(b),
        'bare sharp re-encode of the same files',
        'img/s',
      ),
    ];
  },
};
