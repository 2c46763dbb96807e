/** Field checks for bundled data rows; each throws a `RowProblem` naming the field and value. */
import { RowProblem } from './data-file-error';

export function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new RowProblem(`${field} is missing`);
  return value.trim();
}

export function matching(value: unknown, field: string, re: RegExp, expected: string): string {
  const t = text(value, field);
  if (!re.test(t)) throw new RowProblem(`${field} "${t}" is not ${expected}`);
  return t;
}

/** An optional calendar date `YYYY-MM-DD` that exists (null/undefined → null). */
export function optionalDate(value: unknown, field: string): string | null {
  if (value === null || value === undefined) return null;
  const t = matching(value, field, /^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');
  if (new Date(`${t}T00:00:00Z`).toISOString().slice(0, 10) !== t) throw new RowProblem(`${field} "${t}" is not a real date`);
  return t;
}

/** A finite number in [min, max] from a JSON number or a CSV string. */
export function numberIn(value: unknown, field: string, min: number, max: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) throw new RowProblem(`${field} "${String(value)}" is not a number`);
  if (n < min || n > max) throw new RowProblem(`${field} ${n} is outside ${min}…${max}`);
  return n;
}
