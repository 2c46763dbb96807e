/**
 * JSON-schema patterns for text people type (names, titles, settings). They refuse what a text
 * field cannot hold or show faithfully, and let everything else through to be stored exactly:
 *
 * - NUL, which PostgreSQL cannot store in `text` (the write would fail: a 500);
 * - other C0 control characters and DEL, which no form produces and which break CSV and logs
 *   (multi-line fields keep tab, line feed and carriage return);
 * - lone UTF-16 surrogates, which UTF-8 cannot encode (the database would keep U+FFFD instead);
 * - U+FEFF (the byte-order mark, as a character a zero-width no-break space, long replaced by
 *   U+2060): PGlite's text decoder drops it from the start of a value, so it would not come back.
 *
 * Patterns run with the `u` flag (ajv, TypeBox), so `\uD800-\uDFFF` matches only unpaired halves.
 */

/** One line of text, possibly empty. */
export const SINGLE_LINE = '^[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF\\uFEFF]*$';

/** One line with at least one character that is not white space. */
export const SINGLE_LINE_NOT_BLANK = '^(?=[\\s\\S]*\\S)[^\\u0000-\\u001F\\u007F\\uD800-\\uDFFF\\uFEFF]*$';

/** Several lines (tab, LF and CR allowed), possibly empty. */
export const MULTI_LINE = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F\\uD800-\\uDFFF\\uFEFF]*$';
