import { execFile } from 'node:child_process';
import { access, constants, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { reject, type CheckedVariant } from './types.ts';

const run = promisify(execFile);

async function onPath(name: string): Promise<string | null> {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const file = path.join(dir, name);
    try {
      await access(file, constants.X_OK);
      return file;
    } catch {
      // not in this folder
    }
  }
  return null;
}

let tools: Promise<{ ffprobe: string | null; ffmpeg: string | null }> | undefined;

/**
 * The video tools: the system's ffprobe and ffmpeg (Debian's `ffmpeg` package), else the
 * `@ffprobe-installer/ffprobe` package's binary when it is installed. Without ffprobe videos are
 * refused; without ffmpeg they are accepted without a poster frame.
 */
export function videoTools(): Promise<{ ffprobe: string | null; ffmpeg: string | null }> {
  tools ??= (async () => {
    let ffprobe = process.env.FFPROBE_PATH || (await onPath('ffprobe'));
    if (!ffprobe) {
      const pkg = '@ffprobe-installer/ffprobe';
      ffprobe = await import(pkg)
        .then((m: { default?: { path?: string }; path?: string }) => m.default?.path ?? m.path ?? null)
        .catch(() => null);
    }
    return { ffprobe, ffmpeg: process.env.FFMPEG_PATH || (await onPath('ffmpeg')) };
  })();
  return tools;
}

interface Probe {
  streams?: { codec_type?: string; width?: number; height?: number; duration?: string }[];
  format?: { duration?: string };
}

export interface VideoFacts {
  width: number;
  height: number;
  duration: number;
  poster: CheckedVariant | null;
}

/** Probes a video (a video stream, its size and duration under the cap) and grabs a poster frame. */
export async function checkVideo(
  bytes: Buffer,
  rules: { maxSeconds: number; posterSide: number },
): Promise<VideoFacts | ReturnType<typeof reject>> {
  const { ffprobe, ffmpeg } = await videoTools();
  if (!ffprobe) return reject('Videos cannot be checked on this server (ffprobe is not installed).');
  const dir = await mkdtemp(path.join(tmpdir(), 'kv-video-'));
  const file = path.join(dir, 'input');
  try {
    await writeFile(file, bytes);
    let probe: Probe;
    try {
      const { stdout } = await run(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], {
        timeout: 30_000,
        maxBuffer: 4 * 1024 * 1024,
      });
      probe = JSON.parse(stdout) as Probe;
    } catch {
      return reject('The video cannot be read.');
    }
    const video = probe.streams?.find((s) => s.codec_type === 'video');
    if (!video?.width || !video.height) return reject('The file has no video.');
    const duration = Number(probe.format?.duration ?? video.duration);
    if (!Number.isFinite(duration) || duration <= 0) return reject('The video has no duration.');
    if (duration > rules.maxSeconds) {
      const cap = rules.maxSeconds >= 60 ? `${Math.round(rules.maxSeconds / 60)} minutes` : `${rules.maxSeconds} seconds`;
      return reject(`The video is too long (at most ${cap}).`);
    }
    let poster: CheckedVariant | null = null;
    if (ffmpeg) {
      const at = Math.min(1, duration / 2).toFixed(2);
      try {
        const { stdout } = await run(
          ffmpeg,
          ['-v', 'error', '-ss', at, '-i', file, '-frames:v', '1', '-f', 'image2pipe', '-vcodec', 'png', '-'],
          {
            timeout: 30_000,
            maxBuffer: 64 * 1024 * 1024,
            encoding: 'buffer',
          },
        );
        const { data, info } = await sharp(stdout)
          .resize({ width: rules.posterSide, height: rules.posterSide, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 75 })
          .toBuffer({ resolveWithObject: true });
        poster = { variant: 'poster', body: data, contentType: 'image/webp', width: info.width, height: info.height };
      } catch {
        return reject('The video cannot be decoded.');
      }
    }
    return { width: video.width, height: video.height, duration, poster };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
