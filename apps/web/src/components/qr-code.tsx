import { Anchor, Skeleton, Stack } from '@mantine/core';
import { useEffect, useState } from 'react';

interface QrCodeProps {
  /** What the code holds (a link to open on a phone). */
  value: string;
  /** The image's alternative text. */
  label: string;
  /** The download link's text; the file is `<fileName>.svg`. No link without it (a code that rotates). */
  downloadLabel?: string;
  fileName?: string;
  size?: number;
}

/** `value` as an SVG data URL; the `qrcode` library loads with the first code shown. */
export async function qrSvgDataUrl(value: string): Promise<string> {
  const QR = await import('qrcode');
  const svg = await QR.toString(value, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A scannable QR code of a link, with a download of the SVG to print and post at the door. */
export function QrCode({ value, label, downloadLabel, fileName, size = 176 }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let current = true;
    setSrc(null);
    void qrSvgDataUrl(value).then((url) => {
      if (current) setSrc(url);
    });
    return () => {
      current = false;
    };
  }, [value]);
  if (!src) return <Skeleton width={size} height={size} data-testid="qr-code-loading" />;
  return (
    <Stack gap={4} align="flex-start">
      <img src={src} alt={label} width={size} height={size} data-testid="qr-code" style={{ background: '#fff' }} />
      {downloadLabel ? (
        <Anchor href={src} download={`${fileName ?? 'qr-code'}.svg`} size="sm" data-testid="qr-code-download">
          {downloadLabel}
        </Anchor>
      ) : null}
    </Stack>
  );
}
