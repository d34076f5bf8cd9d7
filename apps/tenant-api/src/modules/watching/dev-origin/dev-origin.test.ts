import { afterAll, describe, expect, it } from 'vitest';
import { clipSource, ffmpegSource, hasFfmpeg, type DevOriginSource } from './index.ts';

describe('dev origin', () => {
  it('the committed clip loops as a live window with program dates and discontinuities', async () => {
    const src = clipSource();
    const at = new Date((6 * 1_000_000 + 3) * 2000 + 500); // newest segment index ≡ 3 (mod 6): no wrap in the window
    const p = (await src.playlist(at))!;
    const segs = p.split('\n').filter((l) => l.endsWith('.m2ts'));
    expect(segs).toHaveLength(4);
    expect(p).toMatch(/#EXT-X-MEDIA-SEQUENCE:\d+/);
    expect(p.match(/#EXT-X-PROGRAM-DATE-TIME:/g)).toHaveLength(4);
    // The newest segment's program date is within one segment of the clock.
    const last = [...p.matchAll(/#EXT-X-PROGRAM-DATE-TIME:(\S+)/g)].at(-1)![1]!;
    expect(at.getTime() - Date.parse(last)).toBeLessThan(2000);
    expect(p).not.toContain('#EXT-X-DISCONTINUITY\n');
    const later = (await src.playlist(new Date(at.getTime() + 4000)))!; // newest ≡ 5… then ≡ 1 wraps
    const wrap = (await src.playlist(new Date(at.getTime() + 8000)))!;
    expect(later).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(wrap).toMatch(/#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME:\S+\n#EXTINF:2\.000,\nseg0\.m2ts/);
    expect((await src.segment(segs[0]!))![0]).toBe(0x47);
    expect(await src.segment('../../../package.json')).toBeNull();
    const size = (await Promise.all([0, 1, 2, 3, 4, 5].map((i) => src.segment(`seg${i}.m2ts`)))).reduce((n, b) => n + b!.length, 0);
    expect(size).toBeLessThan(500_000);
  });

  let live: DevOriginSource | undefined;
  afterAll(() => live?.close());
  it.skipIf(!hasFfmpeg())(
    'with ffmpeg: a live test pattern with 1 s segments and program dates',
    async () => {
      live = ffmpegSource();
      let p: string | null = null;
      for (let i = 0; i < 40 && !(p && p.includes('.ts')); i++) {
        await new Promise((r) => setTimeout(r, 250));
        p = await live.playlist();
      }
      expect(p).toContain('#EXT-X-PROGRAM-DATE-TIME:');
      const seg = p!.split('\n').find((l) => l.endsWith('.ts'))!;
      expect((await live.segment(seg))![0]).toBe(0x47);
    },
    20_000,
  );
});
