import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import type { Benchmark } from './lib/context.ts';
import { figure, gql, hostOf, interleaved } from './lib/context.ts';
import { ensureCentres, tokens } from './lib/centres.ts';
import { hlsJsPath } from './lib/deps.ts';
import { ensureChromium } from './lib/chromium.ts';
import { graphqlOk, http, median } from './lib/load.ts';
import { LIVE_PLAYER_CONFIG } from '../apps/web/src/lib/live-player.ts';

const SLUG = 'bench-students';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--autoplay-policy=no-user-gesture-required'];

const PAGE = `<!doctype html><html><head><title>camera bench</title><script src="/__bench/hls.js"></script></head>
<body><video id="v" muted playsinline width="640" height="360"></video>
<script>
window.startCamera = async (token, cameraId, config) => {
  const t0 = performance.now();
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({ query: 'mutation Play($id: ID!) { playCamera(id: $id) { status reason embed_code { url } } }', variables: { id: cameraId } }),
  });
  const json = await res.json();
  const play = json.data && json.data.playCamera;
  if (!play || !play.status) throw new Error('playCamera refused: ' + JSON.stringify(json));
  const video = document.getElementById('v');
  const hls = new Hls(config);
  window.hls = hls;
  const failed = new Promise((_, reject) => hls.on(Hls.Events.ERROR, (_e, d) => d.fatal && reject(new Error('hls: ' + d.details))));
  hls.loadSource(play.embed_code.url);
  hls.attachMedia(video);
  video.play().catch(() => undefined);
  await Promise.race([failed, new Promise((r) => video.requestVideoFrameCallback(() => r()))]);
  const firstFrame = performance.now() - t0;
  await new Promise((r) => setTimeout(r, 4000));
  const shown = hls.playingDate;
  const latency = shown ? Date.now() - shown.getTime() : null;
  hls.destroy();
  return { firstFrame, latency };
};
</script></body></html>`;

/**
 * In Chromium, as a parent: playCamera → hls.js (the app's live settings) → first decoded frame,
 * then the live latency (wall clock minus the program date of the frame shown) after 4 s of
 * playback, against the dev origin. Median of 10. Then `playCamera` throughput (a manager: staff
 * have no daily limit, every call opens a recorded watch session and mints a token) against `me`
 * on the same server, as a ratio.
 */
export const cameraStart: Benchmark = {
  name: 'camera-start',
  title: 'Camera: playCamera to first frame, live latency',
  async run(ctx) {
    await ensureCentres(ctx, [SLUG], { children: 120, tags: true });
    const token = (await tokens(ctx, SLUG, ['parent0'])).get('parent0')!.token;
    const grid = await gql<{ playCameraGridView: { tiles: { can_play: boolean; camera: { id: string } }[] } }>(
      ctx,
      SLUG,
      token,
      '{ playCameraGridView { tiles { can_play camera { id } } } }',
    );
    const camera = grid.playCameraGridView.tiles.find((t) => t.can_play)?.camera.id;
    if (!camera) throw new Error('camera-start: the parent may watch no camera');
    const origin = `http://${hostOf(SLUG)}:${ctx.platform.port}`;
    const hlsJs = readFileSync(hlsJsPath);
    const browser = await chromium.launch({ executablePath: ensureChromium(ctx.log), args: CHROMIUM_ARGS });
    const first: number[] = [];
    const latency: number[] = [];
    try {
      const samples = ctx.quick ? 3 : 10;
      for (let i = 0; i < samples; i++) {
        const page = await (await browser.newContext()).newPage();
        await page.route(`${origin}/__bench/**`, (route) =>
          route.request().url().endsWith('/hls.js')
            ? route.fulfill({ body: hlsJs, contentType: 'text/javascript' })
            : route.fulfill({ body: PAGE, contentType: 'text/html' }),
        );
        await page.goto(`${origin}/__bench/camera.html`);
        // With a route set, every later request goes through the driver: the player's must go straight.
        await page.unrouteAll();
        const r = await page.evaluate(
          ([t, id, cfg]) =>
            (
              window as unknown as {
                startCamera(t: string, id: string, c: unknown): Promise<{ firstFrame: number; latency: number | null }>;
              }
            ).startCamera(t as string, id as string, cfg),
          [token, camera, LIVE_PLAYER_CONFIG] as const,
        );
        first.push(r.firstFrame);
        if (r.latency !== null) latency.push(r.latency);
        await page.context().close();
      }
    } finally {
      await browser.close();
    }
    ctx.log(`  first frame ${first.map((x) => x.toFixed(0)).join(' ')} ms; latency ${latency.map((x) => x.toFixed(0)).join(' ')} ms`);

    const manager = (await tokens(ctx, SLUG, ['manager'])).get('manager')!.token;
    const post = (query: string, variables: Record<string, unknown>, ok: (body: string) => boolean) => (seconds: number) =>
      http({
        url: `http://127.0.0.1:${ctx.platform.port}/graphql`,
        method: 'POST',
        headers: { host: hostOf(SLUG), 'content-type': 'application/json', authorization: `Bearer ${manager}` },
        body: JSON.stringify({ query, variables }),
        verifyBody: ok,
        connections: ctx.connections,
        seconds,
      });
    const r = await interleaved(ctx, {
      playCamera: post(
        'mutation Play($id: ID!) { playCamera(id: $id) { status reason embed_code { url } } }',
        { id: camera },
        (body) => graphqlOk(body) && body.includes('"status":true'),
      ),
      me: post('{ me { id username } }', {}, graphqlOk),
    });
    const b = 'camera-start';
    return [
      figure(b, 'playCamera to first frame, median (ms)', median(first), 2000, 'budget', 'ms', { max: 1, text: '< 2 s' }),
      figure(b, 'live latency, median (ms)', median(latency), 4000, 'budget', 'ms', { max: 1, text: '< 4 s' }),
      figure(b, 'playCamera vs me (req/s)', r.playCamera!.rps, r.me!.rps, 'me on the same server', 'req/s'),
      figure(b, 'playCamera p99 (ms)', r.playCamera!.p99, r.me!.p99, 'me p99', 'ms'),
      figure(b, 'errors (playCamera)', r.playCamera!.errors, null, '', 'count', { max: 0, on: 'value', text: '0' }),
    ];
  },
};
