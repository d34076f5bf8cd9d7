import { Button, Group, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './attendance.module.css';

interface SignaturePadProps {
  /** Called with a `data:image/png;base64,…` URL after each stroke, or null when cleared. */
  onChange(value: string | null): void;
  height?: number;
}

/**
 * A signature drawn with a finger, a stylus or a mouse (pointer events, so touch does not scroll
 * the page while signing). The canvas follows its box's width, so it works in portrait.
 */
export function SignaturePad({ onChange, height = 200 }: SignaturePadProps) {
  const { t } = useTranslation('attendance');
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const drawing = useRef(false);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [signed, setSigned] = useState(false);

  const resize = useCallback(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = window.devicePixelRatio || 1;
    const width = el.clientWidth;
    el.width = Math.round(width * ratio);
    el.height = Math.round(height * ratio);
    const ctx = el.getContext('2d');
    if (!ctx) return;
    ctx.scale(ratio, ratio);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1E1E1E';
    setSigned(false);
    onChange(null);
  }, [height, onChange]);

  useEffect(() => {
    resize();
    // A rotated tablet redraws an empty pad at the new width.
    window.addEventListener('orientationchange', resize);
    return () => window.removeEventListener('orientationchange', resize);
  }, [resize]);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };

  return (
    <div>
      <canvas
        ref={canvas}
        className={classes.signature}
        style={{ height }}
        role="img"
        aria-label={t('signature.canvas')}
        data-testid="signature-pad"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture(event.pointerId);
          drawing.current = true;
          last.current = point(event);
          const ctx = event.currentTarget.getContext('2d');
          if (ctx && last.current) {
            ctx.beginPath();
            ctx.arc(last.current.x, last.current.y, 1, 0, Math.PI * 2);
            ctx.fill();
          }
        }}
        onPointerMove={(event) => {
          if (!drawing.current || !last.current) return;
          const ctx = event.currentTarget.getContext('2d');
          const next = point(event);
          if (ctx) {
            ctx.beginPath();
            ctx.moveTo(last.current.x, last.current.y);
            ctx.lineTo(next.x, next.y);
            ctx.stroke();
          }
          last.current = next;
        }}
        onPointerUp={(event) => {
          if (!drawing.current) return;
          drawing.current = false;
          last.current = null;
          setSigned(true);
          onChange(event.currentTarget.toDataURL('image/png'));
        }}
        onPointerCancel={() => {
          drawing.current = false;
          last.current = null;
        }}
      />
      <Group justify="space-between" mt={4}>
        <Text size="sm" c="dimmed">
          {signed ? t('signature.signed') : t('signature.hint')}
        </Text>
        <Button variant="subtle" size="sm" onClick={resize} disabled={!signed} data-testid="signature-clear">
          {t('signature.clear')}
        </Button>
      </Group>
    </div>
  );
}
