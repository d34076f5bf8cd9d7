/** A search term inside `ILIKE '%…%'`: its own `%`, `_` and `\` match literally. */
export function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Postgres `unique_violation`: a concurrent insert won the race a pre-check could not see. */
export function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string } | undefined)?.code === '23505';
}
