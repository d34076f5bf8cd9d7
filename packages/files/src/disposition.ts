/**
 * A `Content-Disposition` value carrying the original file name safely (ASVS 5.4.1/5.4.2): an
 * ASCII fallback without quotes, slashes or control characters, and the UTF-8 name in `filename*`.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const cleaned = fileName
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}\\/"]/gu, '')
    .trim()
    .slice(0, 150);
  const name = cleaned || 'file';
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
