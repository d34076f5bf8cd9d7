/** Display formats of spec §5 and §9, shared by the SPA and by server-rendered mail. */

/** `(xxx) xxx-xxxx` for a 10-digit (or 1 + 10-digit) North-American number; other input unchanged. */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const digits = raw.replace(/\D/g, '');
  const d = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (d.length !== 10) return raw;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** `$` with dollars and two-digit cents; `$0.00` when empty. */
export function formatMoney(amount: number | string | null | undefined): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (n === null || n === undefined || !Number.isFinite(n)) return '$0.00';
  const sign = n < 0 ? '-' : '';
  return `${sign}$${Math.abs(n).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Placeholder system emails (temp prefix with digits, or a sysgen address) are shown blank. */
export function isPlaceholderEmail(email: string | null | undefined): boolean {
  if (!email) return true;
  return /^temp\d+/i.test(email) || /sysgen/i.test(email);
}

export function displayEmail(email: string | null | undefined): string {
  return email && !isPlaceholderEmail(email) ? email : '';
}

/** Theme colour override: only 3- or 6-digit hex is accepted. */
export function isHexColour(value: string): boolean {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

/** Light or dark text on a background colour, by the spec's contrast threshold of 128 (YIQ). */
export function textColourFor(background: string): 'light' | 'dark' {
  if (!isHexColour(background)) return 'light';
  let hex = background.slice(1);
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  const r = parseInt(hex.slice(0, 2), 16);
  const g = parseInt(hex.slice(2, 4), 16);
  const b = parseInt(hex.slice(4, 6), 16);
  return (r * 299 + g * 587 + b * 114) / 1000 >= 128 ? 'dark' : 'light';
}
