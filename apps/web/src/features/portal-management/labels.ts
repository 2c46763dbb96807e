/**
 * `labelOr`, for values from the server that may be new to this build (issue 13 item 8: words, not
 * codes). An alert rule's condition and name, durations and property names: components/rule-words.ts.
 */
import type { i18n as I18n } from 'i18next';

/**
 * The translation at `key` when there is one (a string, not a group of keys), else `fallback`:
 * for values from the server that may be new to this build (an audit action, a field name).
 */
export function labelOr(i18n: I18n, key: string, fallback: string): string {
  if (!i18n.exists(key)) return fallback;
  const text: unknown = i18n.t(key, { returnObjects: true });
  return typeof text === 'string' ? text : fallback;
}
