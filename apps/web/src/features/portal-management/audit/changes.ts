/** An audit entry's before/after summary as rows of field, old value, new value. */

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
  /** false when both sides hold the same value */
  changed: boolean;
  /** the field is absent on that side (e.g. `before` of a creation) */
  missingBefore: boolean;
  missingAfter: boolean;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields of `before` and `after` (either may be null), in the order they appear (before's
 * first, then any only in after), each with whether it changed.
 */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.map((field) => {
    const missingBefore = !before || !Object.hasOwn(before, field);
    const missingAfter = !after || !Object.hasOwn(after, field);
    const b = before?.[field];
    const a = after?.[field];
    return { field, before: b, after: a, changed: missingBefore !== missingAfter || !same(b, a), missingBefore, missingAfter };
  });
}

/**
 * A value as text for people: a string as it is, null as '' (the caller shows a placeholder),
 * numbers and booleans as written, anything else as compact JSON. Never HTML.
 */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
