import { Button, Group, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import SignaturePadLib, { type PointGroup } from 'signature_pad';
import classes from './signature-pad.module.css';

interface SignaturePadProps {
  /** Called with a `data:image/png;base64,…` URL after each stroke, or null when cleared. */
  onChange(value: string | null): void;
  height?: number;
}

/** The strokes scaled from one canvas width to another (a rotated tablet keeps its signature). */
export function scaleStrokes(data: PointGroup[], from: number, to: number): PointGroup[] {
  if (!from || !to || from === to) return data;
  const k = to / from;
  return data.map((g) => ({ ...g, points: g.points.map((p) => ({ ...p, x: p.x * k, y: p.y * k })) }));
}

/**
 * The app's one signature pad (kiosk, parent check-in, forms), on `signature_pad`: smoothed,
 * pressure-like strokes from a finger, a stylus or a mouse (pointer events; touch does not scroll
 * the page). The canvas follows its box's width; when the box changes (a rotated tablet) the
 * strokes are kept and scaled to the new width instead of being cleared.
 */
export function SignaturePad({ onChange, height = 200 }: SignaturePadProps) {
  const { t } = useTranslation('common');
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const pad = useRef<SignaturePadLib | null>(null);
  const width = useRef(0);
  const [signed, setSigned] = useState(false);
  const changed = useRef(onChange);
  changed.current = onChange;

  const fit = useCallback(() => {
    const el = canvas.current;
    const p = pad.current;
    if (!el || !p) return;
    const w = el.clientWidth;
    if (!w || w === width.current) return;
    const data = p.toData();
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    el.width = Math.round(w * ratio);
    el.height = Math.round(height * ratio);
    el.getContext('2d')?.scale(ratio, ratio);
    p.clear();
    if (data.length) {
      p.fromData(scaleStrokes(data, width.current, w));
      changed.current(p.toDataURL('image/png'));
    }
    width.current = w;
  }, [height]);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const p = new SignaturePadLib(el, { penColor: '#1E1E1E', minWidth: 1, maxWidth: 3, backgroundColor: 'rgba(0,0,0,0)' });
    pad.current = p;
    const done = () => {
      if (p.isEmpty()) return;
      setSigned(true);
      changed.current(p.toDataURL('image/png'));
    };
    p.addEventListener('endStroke', done);
    width.current = 0;
    fit();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => fit());
    observer?.observe(el);
    window.addEventListener('orientationchange', fit);
    return () => {
      observer?.disconnect();
      window.removeEventListener('orientationchange', fit);
      p.removeEventListener('endStroke', done);
      p.off();
      pad.current = null;
    };
  }, [fit]);

  const clear = () => {
    pad.current?.clear();
    setSigned(false);
    changed.current(null);
  };

  return (
    <div>
      <canvas
        ref={canvas}
        className={classes.canvas}
        style={{ height }}
        role="img"
        aria-label={t('signature.canvas')}
        data-testid="signature-pad"
      />
      <Group justify="space-between" mt={4}>
        <Text size="sm" c="dimmed">
          {signed ? t('signature.signed') : t('signature.hint')}
        </Text>
        <Button variant="subtle" size="sm" onClick={clear} disabled={!signed} data-testid="signature-clear">
          {t('signature.clear')}
        </Button>
      </Group>
    </div>
  );
}
