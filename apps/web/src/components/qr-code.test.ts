import { describe, expect, it } from 'vitest';
import { qrSvgDataUrl } from './qr-code';

const svgOf = (url: string) => decodeURIComponent(url.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));

describe('qrSvgDataUrl', () => {
  it('draws a QR code of the link as an SVG data URL, different for different links', async () => {
    const a = await qrSvgDataUrl('https://demo.kidsvision.app/time-clock-page/abc');
    const b = await qrSvgDataUrl('https://demo.kidsvision.app/time-clock-page/abd');
    expect(a.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(svgOf(a)).toMatch(/^<svg[^>]*viewBox="0 0 (\d+) \1"/);
    expect(svgOf(a)).toContain('<path');
    expect(a).not.toBe(b);
  });
});
