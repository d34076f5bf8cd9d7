import { useCallback, useEffect, useRef, useState } from 'react';
import { useClient } from 'urql';
import { CameraHeartbeatMutation } from '../api/camera-heartbeat.mutation';
import { PlayCameraMutation } from '../api/play-camera.mutation';
import { StopCameraSessionMutation } from '../api/stop-camera-session.mutation';
import type { CameraEmbed } from '../api/types';
import { activeSince, createSerialQueue, trackViewerActivity } from './viewer-activity';

export type PlaybackState =
  | { phase: 'loading' }
  | { phase: 'refused'; reason: string | null; message: string }
  | {
      phase: 'playing';
      embed: CameraEmbed;
      sessionId: string;
      remaining: number | null;
      seconds: number;
      liveUntil: string | null;
      idleMinutes: number | null;
    }
  | { phase: 'ended'; reason: string | null; message: string; seconds: number };

/** Refresh the playback token this long before it expires. */
const REFRESH_MARGIN_MS = 15_000;
/** Mounts per camera: a quick remount (React strict mode, a re-render) must not stop the session. */
const mounted = new Map<string, number>();
/**
 * First opens run one at a time: a visit counts one login, and two players opening at once (the
 * grid's tiles) would both see no live session and both count.
 */
const openSerially = createSerialQueue();

export function refreshDelay(expiresAt: string, now = Date.now()): number {
  return Math.max(5_000, Date.parse(expiresAt) - now - REFRESH_MARGIN_MS);
}

/**
 * One camera's watch session: opens it with playCamera (every rule checked on the server), keeps it
 * alive with the heartbeat (which ends it when a rule no longer holds), refreshes the short-lived
 * playback token before it expires, and stops the session when the page closes.
 */
export function useCameraPlayback(cameraId: string) {
  const client = useClient();
  const [state, setState] = useState<PlaybackState>({ phase: 'loading' });
  const token = useRef<{ url: string; token: string } | null>(null);
  const session = useRef<string | null>(null);
  const alive = useRef(true);

  const play = useCallback(async () => {
    const r = await client.mutation(PlayCameraMutation, { id: cameraId }, { requestPolicy: 'network-only' }).toPromise();
    const data = r.data?.playCamera;
    if (!data) return { ok: false as const, reason: null, message: r.error?.graphQLErrors[0]?.message ?? r.error?.message ?? '' };
    if (!data.status || !data.embed_code || !data.session_id) return { ok: false as const, reason: data.reason, message: data.message };
    token.current = { url: data.embed_code.url, token: data.embed_code.token };
    session.current = data.session_id;
    return { ok: true as const, data, embed: data.embed_code, sessionId: data.session_id };
  }, [client, cameraId]);

  useEffect(() => {
    alive.current = true;
    mounted.set(cameraId, (mounted.get(cameraId) ?? 0) + 1);
    let refreshTimer: ReturnType<typeof setTimeout> | undefined;
    let beatTimer: ReturnType<typeof setInterval> | undefined;
    const end = (reason: string | null, message: string) => {
      clearTimeout(refreshTimer);
      clearInterval(beatTimer);
      setState((s) => ({ phase: 'ended', reason, message, seconds: s.phase === 'playing' ? s.seconds : 0 }));
    };
    const scheduleRefresh = (expiresAt: string) => {
      refreshTimer = setTimeout(async () => {
        if (!alive.current) return;
        const r = await play();
        if (!alive.current) return;
        if (!r.ok) return end(r.reason, r.message);
        scheduleRefresh(r.embed.token_expires_at);
      }, refreshDelay(expiresAt));
    };
    void (async () => {
      const r = await openSerially(() => (alive.current ? play() : Promise.resolve(null)));
      if (!alive.current || !r) return;
      if (!r.ok) return setState({ phase: 'refused', reason: r.reason, message: r.message });
      setState({
        phase: 'playing',
        embed: r.embed,
        sessionId: r.sessionId,
        remaining: r.data.remaining_logins,
        seconds: 0,
        liveUntil: r.data.live_until,
        idleMinutes: r.data.idle_minutes,
      });
      scheduleRefresh(r.embed.token_expires_at);
      trackViewerActivity();
      let lastBeat = Date.now();
      beatTimer = setInterval(
        async () => {
          if (!session.current) return;
          const active = activeSince(lastBeat);
          lastBeat = Date.now();
          const b = await client.mutation(CameraHeartbeatMutation, { session_id: session.current, active }).toPromise();
          if (!alive.current) return;
          const beat = b.data?.cameraHeartbeat;
          if (!beat) return; // a network blip: the next beat tries again; the server ends silent players
          if (!beat.status) return end(beat.reason, beat.message);
          setState((s) => (s.phase === 'playing' ? { ...s, seconds: beat.seconds, remaining: beat.remaining_logins ?? s.remaining } : s));
        },
        Math.max(5, r.embed.heartbeat_seconds) * 1000,
      );
    })();
    return () => {
      alive.current = false;
      clearTimeout(refreshTimer);
      clearInterval(beatTimer);
      mounted.set(cameraId, (mounted.get(cameraId) ?? 1) - 1);
      const sid = session.current;
      setTimeout(() => {
        if (sid && !mounted.get(cameraId)) void client.mutation(StopCameraSessionMutation, { session_id: sid }).toPromise();
      }, 400);
    };
  }, [cameraId, client, play]);

  /** The newest playback token (sent as Authorization: Bearer to MediaMTX and token-auth origins). */
  const currentToken = useCallback(() => token.current?.token ?? null, []);
  /** A fresh playlist URL for the player to reload after a network error (null: no longer allowed). */
  const reopen = useCallback(async () => {
    const r = await play();
    return r.ok ? r.embed.url : null;
  }, [play]);

  return { state, currentToken, reopen };
}
