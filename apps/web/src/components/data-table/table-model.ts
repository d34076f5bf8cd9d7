/** Pure table logic: nested field access, the sort cycle, search and paging. */
export type SortDirection = 'asc' | 'desc';

export interface SortState {
  key: string;
  direction: SortDirection;
}

/** Reads a dot path (`location.name`); through arrays it collects every element's value. */
export function getByPath(value: unknown, path: string): unknown {
  let current: unknown = value;
  for (const part of path.split('.')) {
    if (current === null || current === undefined) return undefined;
    if (Array.isArray(current)) {
      current = current.flatMap((item) => {
        const next = getByPath(item, part);
        return Array.isArray(next) ? next : [next];
      });
      continue;
    }
    if (typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** none → ascending → descending → none; a different column starts at ascending. */
export function nextSort(current: SortState | null, key: string): SortState | null {
  if (!current || current.key !== key) return { key, direction: 'asc' };
  if (current.direction === 'asc') return { key, direction: 'desc' };
  return null;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);
}

function asText(value: unknown): string {
  if (Array.isArray(value)) return value.map(asText).join(', ');
  if (typeof value === 'object' && value !== null) return '';
  return String(value);
}

/** Empty values sort last whatever the direction; numbers numerically; text naturally. */
export function compareValues(a: unknown, b: unknown): number {
  const emptyA = isEmpty(a);
  const emptyB = isEmpty(b);
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? 1 : -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return asText(a).localeCompare(asText(b), undefined, { numeric: true, sensitivity: 'base' });
}

export function sortRows<T>(rows: readonly T[], sort: SortState | null, valueOf: (row: T, key: string) => unknown = getByPath): T[] {
  if (!sort) return [...rows];
  const factor = sort.direction === 'asc' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((x, y) => {
      const a = valueOf(x.row, sort.key);
      const b = valueOf(y.row, sort.key);
      if (isEmpty(a) || isEmpty(b)) return compareValues(a, b) || x.index - y.index;
      return factor * compareValues(a, b) || x.index - y.index;
    })
    .map(({ row }) => row);
}

/** Case-insensitive match of every word of the query against the given (nested) fields. */
export function filterRows<T>(
  rows: readonly T[],
  query: string,
  keys: readonly string[],
  valueOf: (row: T, key: string) => unknown = getByPath,
): T[] {
  const words = query.trim().toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...rows];
  return rows.filter((row) => {
    const haystack = keys
      .map((key) => asText(valueOf(row, key)))
      .join(' ')
      .toLocaleLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

export function paginate<T>(rows: readonly T[], page: number, size: number): T[] {
  const start = (Math.max(1, page) - 1) * size;
  return rows.slice(start, start + size);
}
