/**
 * Text people type, as the API takes it (docs/api.md §Text).
 *
 * **Trimming, one rule everywhere:** the server trims leading and trailing white space from every
 * string of a JSON body and of a query string before it checks them, except multi-line text
 * ({@link MULTI_LINE}: notice bodies, descriptions, notes) and secrets (`format: 'password'`),
 * which are taken exactly as sent. A required one-line field that is only white space is
 * therefore empty, and refused.
 *
 * **What a text field refuses** (the patterns below), and stores everything else exactly:
 * - NUL, which PostgreSQL cannot store in `text`;
 * - other C0 control characters and DEL, which no form produces and which break CSV and logs
 *   (multi-line fields keep tab, line feed and carriage return);
 * - lone UTF-16 surrogates, which UTF-8 cannot encode (the database would keep U+FFFD instead);
 * - U+FEFF (the byte-order mark; as a character, a zero-width no-break space long replaced by
 *   U+2060): PGlite's text decoder drops it from the start of a value, so it would not come back.
 *
 * Patterns run with the `u` flag (Ajv, TypeBox), so `\uD800-\uDFFF` matches only unpaired halves.
 */
import { Type } from 'typebox';

/** One line of text, possibly empty. */
export const SINGLE_LINE = '^[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF\\uFEFF]*$';

/** One line with at least one character that is not white space. */
export const SINGLE_LINE_NOT_BLANK = '^(?=[\\s\\S]*\\S)[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF\\uFEFF]*$';

/** Several lines (tab, LF and CR allowed), possibly empty. Never trimmed. */
export const MULTI_LINE = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\uD800-\\uDFFF\\uFEFF]*$';

/** The `format` of a secret (a password): never trimmed, never echoed back. */
export const SECRET_FORMAT = 'password';

/**
 * A one-line text field of at most `maxLength` characters (after trimming); `required`: at least
 * one visible character.
 */
export function OneLine(options: { maxLength: number; required?: boolean; description?: string }) {
  const { maxLength, required = false, description } = options;
  return Type.String({
    ...(required ? { minLength: 1 } : {}),
    maxLength,
    pattern: required ? SINGLE_LINE_NOT_BLANK : SINGLE_LINE,
    ...(description !== undefined ? { description } : {}),
  });
}

/** Multi-line text of at most `maxLength` characters, taken exactly as sent (never trimmed). */
export function MultiLine(options: { maxLength: number; description?: string }) {
  return Type.String({ maxLength: options.maxLength, pattern: MULTI_LINE, ...(options.description !== undefined ? { description: options.description } : {}) });
}

/** A keyword to search for: one line, at most 100 characters; empty (after trimming) = no filter. */
export const Keyword = OneLine({ maxLength: 100, description: 'Substring to search for, ignoring case' });
