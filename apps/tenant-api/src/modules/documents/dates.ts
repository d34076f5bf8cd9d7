/** A date column as YYYY-MM-DD (node-postgres hands `date` columns over as local midnight). */
export function day(v: unknown): string | null {
  if (!v) return null;
  if (v instanceof Date) {
    const p = (n: number) => String(n).padStart(2, '0');
    return `${v.getFullYear()}-${p(v.getMonth() + 1)}-${p(v.getDate())}`;
  }
  return String(v).slice(0, 10);
}

/** Today in UTC as YYYY-MM-DD (input checks; the expiry job judges each location in its zone). */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);
