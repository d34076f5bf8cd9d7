import type { CSSProperties } from 'react';

/** Today on the browser's clock, YYYY-MM-DD. */
export function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

export function addDaysIso(date: string, n: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + n));
  return t.toISOString().slice(0, 10);
}

/** Field errors in the theme's `danger` (axe-clean contrast), not Mantine's default red: set on a form. */
export const DANGER_ERRORS = { '--mantine-color-error': 'var(--mantine-color-danger-text)' } as CSSProperties;
