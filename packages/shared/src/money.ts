/**
 * Money is integer cents everywhere (columns `bigint`, the API's `Cents` scalar); the SPA shows
 * `formatMoney(cents / 100)`. These helpers are shared by the SPA's forms and the tenant API.
 */

/** The largest amount we accept: $10,000,000.00 (well inside Number's safe integers). */
export const MAX_CENTS = 1_000_000_000;

export type MoneyResult = { ok: true; cents: number } | { ok: false; message: string };

/**
 * Dollars as typed ("12", "12.5", "$1,234.56") → cents. Refuses a third decimal, a negative amount
 * and anything that is not a plain amount: the caller shows `message` next to its field.
 */
export function parseMoney(input: string | number | null | undefined): MoneyResult {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : (input ?? '');
  const t = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (t === '') return { ok: false, message: 'Enter an amount.' };
  if (/^-/.test(t) || /^\$?-/.test(text.trim())) return { ok: false, message: 'The amount cannot be negative.' };
  const m = /^(\d+)(?:\.(\d*))?$/.exec(t);
  if (!m) return { ok: false, message: 'Enter an amount such as 12.50.' };
  const decimals = m[2] ?? '';
  if (decimals.length > 2) return { ok: false, message: 'Use at most two decimals (cents).' };
  const cents = Number(m[1]) * 100 + Number(decimals.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) return { ok: false, message: 'The amount is too large.' };
  return { ok: true, cents };
}

/** Cents as dollars text for an input field ("12.50"). */
export const centsToInput = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;

/**
 * `percent` of `cents`, rounded half-up to a whole cent (per item, never on a total). The percent
 * has at most two decimals (basis points), so the arithmetic is exact in BigInt.
 */
export function percentOf(cents: number, percent: number): number {
  const bp = Math.round(percent * 100);
  if (Math.abs(percent * 100 - bp) > 1e-6) throw new RangeError('A percent has at most two decimals.');
  const n = BigInt(cents) * BigInt(bp);
  const sign = n < 0n ? -1n : 1n;
  const a = n < 0n ? -n : n;
  // half-up on the magnitude: (a + 5000) / 10000
  return Number(sign * ((a + 5000n) / 10000n));
}

/**
 * Splits `total` cents over `weights` by the largest-remainder method: every part is the floor of
 * its exact share, and the cents left over go one each to the largest remainders (ties: the first).
 * The parts always sum to `total`; equal weights differ by at most one cent.
 */
export function splitByLargestRemainder(total: number, weights: readonly number[]): number[] {
  if (!weights.length) return [];
  const w = weights.map((x) => BigInt(Math.round(x)));
  if (w.some((x) => x < 0n)) throw new RangeError('Weights cannot be negative.');
  const sum = w.reduce((a, b) => a + b, 0n);
  if (sum === 0n) throw new RangeError('The weights sum to zero.');
  const neg = total < 0;
  const t = BigInt(Math.abs(total));
  const parts = w.map((x) => (t * x) / sum);
  const rema = w.map((x, i) => ({ i, r: (t * x) % sum }));
  let left = t - parts.reduce((a, b) => a + b, 0n);
  rema.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of rema) {
    if (left <= 0n) break;
    parts[i] = parts[i]! + 1n;
    left--;
  }
  return parts.map((p) => Number(neg ? -p : p));
}
