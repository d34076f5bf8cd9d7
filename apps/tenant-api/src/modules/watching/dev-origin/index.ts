import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The built-in dev/test streaming origin: one live HLS feed that every demo camera shows, served by
 * the tenant API under `/media/<code>/…` behind the playback-token check (plugins/app/media-auth.ts).
 * - with `ffmpeg` on PATH: a live test pattern with a burned-in wall clock, 1 s segments and
 *   `EXT-X-PROGRAM-DATE-TIME` tags (ffmpeg writes into a temp directory);
 * - without it: the committed 12 s clip (`clip/`, 6 × 2 s MPEG-TS segments named .m2ts so the
 *   TypeScript build skips them, < 250 KB), looped as a live
 *   sliding window with discontinuities and program dates computed from the wall clock.
 */
export interface DevOriginSource {
  kind: 'ffmpeg' | 'clip';
  /** The media playlist; segment URIs are bare file names. */
  playlist(now?: Date): Promise<string | null>;
  segment(name: string): Promise<Buffer | null>;
  close(): Promise<void>;
}

const SEGMENT = /^[a-z0-9_-]{1,40}\.(ts|m2ts)$/i;
const CLIP_DIR = fileURLToPath(new URL('./clip/', import.meta.url));
const CLIP_SEGMENTS = 6;
const CLIP_SEGMENT_SECONDS = 2;
const WINDOW = 4;

export function hasFfmpeg(): boolean {
  try {
    return spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;
  } catch {
    return false;
  }
}

/** The committed clip as a never-ending live stream. */
export function clipSource(): DevOriginSource {
  const cache = new Map<string, Buffer>();
  return {
    kind: 'clip',
    async playlist(now = new Date()) {
      const n = Math.floor(now.getTime() / 1000 / CLIP_SEGMENT_SECONDS);
      const first = n - WINDOW + 1;
      const lines = [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        `#EXT-X-TARGETDURATION:${CLIP_SEGMENT_SECONDS}`,
        `#EXT-X-MEDIA-SEQUENCE:${first}`,
        `#EXT-X-DISCONTINUITY-SEQUENCE:${Math.floor(first / CLIP_SEGMENTS)}`,
      ];
      for (let i = first; i <= n; i++) {
        if (i !== first && i % CLIP_SEGMENTS === 0) lines.push('#EXT-X-DISCONTINUITY');
        lines.push(`#EXT-X-PROGRAM-DATE-TIME:${new Date(i * CLIP_SEGMENT_SECONDS * 1000).toISOString()}`);
        lines.push(`#EXTINF:${CLIP_SEGMENT_SECONDS}.000,`, `seg${i % CLIP_SEGMENTS}.m2ts`);
      }
      return lines.join('\n') + '\n';
    },
    async segment(name) {
      if (!SEGMENT.test(name)) return null;
      const hit = cache.get(name);
      if (hit) return hit;
      try {
        const b = await readFile(join(CLIP_DIR, name));
        cache.set(name, b);
        return b;
      } catch {
        return null;
      }
    },
    async close() {},
  };
}

/** A live ffmpeg test pattern (lavfi testsrc2 + drawtext clock) written as HLS into a temp dir. */
export function ffmpegSource(): DevOriginSource {
  const dir = mkdtempSync(join(tmpdir(), 'kv-dev-origin-'));
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-re',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=640x360:rate=25',
    '-vf',
    "drawtext=text='%{localtime\\:%H\\\\\\:%M\\\\\\:%S}':x=16:y=16:fontsize=32:fontcolor=white:box=1:boxcolor=black@0.6",
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-tune',
    'zerolatency',
    '-profile:v',
    'baseline',
    '-pix_fmt',
    'yuv420p',
    '-g',
    '25',
    '-keyint_min',
    '25',
    '-sc_threshold',
    '0',
    '-b:v',
    '400k',
    '-f',
    'hls',
    '-hls_time',
    '1',
    '-hls_list_size',
    '6',
    '-hls_flags',
    'delete_segments+program_date_time+independent_segments',
    '-hls_segment_filename',
    join(dir, 'live%d.ts'),
    join(dir, 'live.m3u8'),
  ];
  let proc: ChildProcess | null = spawn('ffmpeg', args, { stdio: 'ignore' });
  proc.on('exit', () => {
    proc = null;
  });
  return {
    kind: 'ffmpeg',
    async playlist() {
      try {
        return await readFile(join(dir, 'live.m3u8'), 'utf8');
      } catch {
        return null;
      }
    },
    async segment(name) {
      if (!SEGMENT.test(name)) return null;
      try {
        return await readFile(join(dir, name));
      } catch {
        return null;
      }
    },
    async close() {
      // Wait for ffmpeg to exit: it may still be writing a segment into the folder.
      if (proc && proc.exitCode === null && proc.signalCode === null) {
        const exited = new Promise((resolve) => proc!.once('exit', resolve));
        proc.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** ffmpeg when installed (and not disabled), else the committed clip. */
export function startDevOrigin(opts: { ffmpeg?: boolean } = {}): DevOriginSource {
  return opts.ffmpeg !== false && hasFfmpeg() ? ffmpegSource() : clipSource();
}
