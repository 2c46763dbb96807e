/**
 * Rows of a raw `db.execute(sql…)` result. PGlite answers `{ rows }`, postgres.js an array; the
 * rest of the code only sees rows.
 */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}
