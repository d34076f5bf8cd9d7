import { ActionIcon, Tooltip } from '@mantine/core';
import { IconMaximize, IconMinimize, IconVolume, IconVolumeOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type HlsType from 'hls.js';
import type { CameraEmbed } from '../api/types';
import classes from './hls-player.module.css';
import { secondsBehind } from './live-behind';
import { formatDateTime } from '../../../lib/format';
import { LIVE_PLAYER_CONFIG } from '../../../lib/live-player';

export interface HlsPlayerProps {
  embed: CameraEmbed;
  title: string;
  viewerName: string;
  /** The newest playback token (sent as a bearer to MediaMTX and token-auth origins). */
  currentToken(): string | null;
  /** A fresh playlist URL after a network error (null: watching is no longer allowed). */
  reopen(): Promise<string | null>;
  onFatal(message: string): void;
  /** A grid tile: no controls, smaller badges. */
  compact?: boolean;
  /** Out of view: stop fetching (the viewing stays open) until shown again. */
  paused?: boolean;
}

const MAX_RECOVERIES = 3;

/**
 * The camera player: hls.js (loaded only on the camera pages) with the live settings the camera-start
 * benchmark measures (LIVE_PLAYER_CONFIG), or the browser's own HLS, sized by the location's camera
 * settings, with a "live, N s behind" badge from the program date, a discreet watermark (viewer and
 * time) and, unless compact, mute and full-screen buttons.
 */
export function HlsPlayer({ embed, title, viewerName, currentToken, reopen, onFatal, compact = false, paused = false }: HlsPlayerProps) {
  const { t } = useTranslation('cameras');
  const frame = useRef<HTMLDivElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const hlsRef = useRef<HlsType | null>(null);
  const [behind, setBehind] = useState<number | null>(null);
  const [now, setNow] = useState(() => new Date());
  const [muted, setMuted] = useState(true);
  const [isFull, setIsFull] = useState(false);
  const callbacks = useRef({ currentToken, reopen, onFatal });
  callbacks.current = { currentToken, reopen, onFatal };
  const pausedRef = useRef(paused);
  pausedRef.current = paused;

  useEffect(() => {
    const el = video.current;
    if (!el) return;
    let disposed = false;
    let recoveries = 0;
    const bearer = embed.type !== 'dev';
    void (async () => {
      const { default: Hls } = await import('hls.js');
      if (disposed) return;
      if (!Hls.isSupported()) {
        if (el.canPlayType('application/vnd.apple.mpegurl')) {
          el.src = embed.url;
          void el.play().catch(() => undefined);
        } else callbacks.current.onFatal(t('cameras:player.unsupported'));
        return;
      }
      const hls = new Hls({
        ...LIVE_PLAYER_CONFIG,
        xhrSetup(xhr) {
          const token = callbacks.current.currentToken();
          if (bearer && token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
        },
      });
      hlsRef.current = hls;
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (!data.fatal) return;
        if (data.type === Hls.ErrorTypes.MEDIA_ERROR && recoveries < MAX_RECOVERIES) {
          recoveries++;
          hls.recoverMediaError();
          return;
        }
        if (data.type === Hls.ErrorTypes.NETWORK_ERROR && recoveries < MAX_RECOVERIES) {
          recoveries++;
          void callbacks.current.reopen().then((url) => {
            if (disposed) return;
            if (!url) return callbacks.current.onFatal(t('cameras:player.stopped'));
            hls.loadSource(url);
            hls.startLoad();
          });
          return;
        }
        callbacks.current.onFatal(t('cameras:player.failed'));
      });
      hls.on(Hls.Events.FRAG_CHANGED, () => {
        recoveries = 0;
      });
      hls.loadSource(embed.url);
      hls.attachMedia(el);
      hls.on(Hls.Events.MANIFEST_PARSED, () => {
        if (pausedRef.current) hls.stopLoad();
        else void el.play().catch(() => undefined);
      });
    })();
    return () => {
      disposed = true;
      hlsRef.current?.destroy();
      hlsRef.current = null;
    };
    // The player loads once per embed URL; later tokens reach it through currentToken/reopen.
  }, [embed.url]);

  useEffect(() => {
    const el = video.current;
    const hls = hlsRef.current;
    if (!el) return;
    if (paused) {
      hls?.stopLoad();
      el.pause();
    } else if (hls) {
      // hls.js jumps back to the live edge by itself (liveMaxLatencyDurationCount).
      hls.startLoad();
      void el.play().catch(() => undefined);
    }
  }, [paused]);

  useEffect(() => {
    const timer = setInterval(() => {
      const at = new Date();
      setNow(at);
      const el = video.current;
      const hlsDate = hlsRef.current?.playingDate ?? null;
      const nativeStart = el && 'getStartDate' in el ? (el as HTMLVideoElement & { getStartDate(): Date }).getStartDate() : null;
      const nativeDate =
        nativeStart && el && !Number.isNaN(nativeStart.getTime()) ? new Date(nativeStart.getTime() + el.currentTime * 1000) : null;
      setBehind(secondsBehind(hlsDate ?? nativeDate, at.getTime()));
    }, 1000);
    return () => clearInterval(timer);
  }, []);

  useEffect(() => {
    const onChange = () => setIsFull(document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const toggleFull = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.();
  };

  return (
    <div
      ref={frame}
      className={classes.frame}
      style={{ maxWidth: embed.fullscreen || compact ? undefined : embed.width, aspectRatio: `${embed.width} / ${embed.height}` }}
      data-testid={compact ? 'tile-player' : 'camera-player'}
    >
      <video
        ref={video}
        className={classes.video}
        muted={muted}
        autoPlay
        playsInline
        aria-label={title}
        data-testid={compact ? 'tile-video' : 'camera-video'}
        onDoubleClick={compact ? undefined : toggleFull}
      />
      <div
        className={compact ? `${classes.live} ${classes.small}` : classes.live}
        data-testid={compact ? 'tile-live' : 'camera-live'}
        role="status"
      >
        <span className={classes.dot} aria-hidden />
        {behind === null ? t('cameras:player.live') : t('cameras:player.behind', { count: behind })}
      </div>
      {compact ? null : (
        <div className={classes.controls}>
          <Tooltip label={muted ? t('cameras:player.unmute') : t('cameras:player.mute')}>
            <ActionIcon
              variant="filled"
              color="dark"
              aria-label={muted ? t('cameras:player.unmute') : t('cameras:player.mute')}
              onClick={() => setMuted((m) => !m)}
            >
              {muted ? <IconVolumeOff size={18} /> : <IconVolume size={18} />}
            </ActionIcon>
          </Tooltip>
          <Tooltip label={isFull ? t('cameras:player.exitFullscreen') : t('cameras:player.fullscreen')}>
            <ActionIcon
              variant="filled"
              color="dark"
              aria-label={isFull ? t('cameras:player.exitFullscreen') : t('cameras:player.fullscreen')}
              onClick={toggleFull}
              data-testid="camera-fullscreen"
            >
              {isFull ? <IconMinimize size={18} /> : <IconMaximize size={18} />}
            </ActionIcon>
          </Tooltip>
        </div>
      )}
      {embed.watermark ? (
        <div className={compact ? `${classes.watermark} ${classes.small}` : classes.watermark} aria-hidden data-testid="camera-watermark">
          {viewerName} · {formatDateTime(now)}
        </div>
      ) : null}
    </div>
  );
}
