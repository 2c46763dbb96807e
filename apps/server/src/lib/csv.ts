/**
 * CSV downloads as spreadsheets open them: UTF-8 with a byte-order mark (Excel reads a UTF-8 file
 * as the local ANSI code page without one), CRLF between records (RFC 4180), headers in the
 * request's language, and no cell a spreadsheet would run as a formula.
 */
import { type Stringifier, stringify } from 'csv-stringify';

/**
 * A cell that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a
 * leading `'` (OWASP, "CSV Injection"): exports hold text typed by anyone, e.g. failed sign-ins.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A column: the record's field and its header in each language. */
export interface CsvColumn<K extends string> {
  key: K;
  zh: string;
  en: string;
}

/** A CSV stringifier of records with `columns` (headers in Chinese when `zh`); objects are written as JSON. */
export function csvStringifier<K extends string>(columns: readonly CsvColumn<K>[], zh: boolean): Stringifier {
  return stringify({
    bom: true,
    header: true,
    record_delimiter: 'windows',
    columns: columns.map((c) => ({ key: c.key, header: zh ? c.zh : c.en })),
    cast: {
      string: neutraliseFormula,
      object: (value) => JSON.stringify(value),
    },
  });
}
