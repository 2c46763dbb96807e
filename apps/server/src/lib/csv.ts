/**
 * CSV downloads as spreadsheets open them: UTF-8 with a byte-order mark (Excel reads a UTF-8 file
 * as the local ANSI code page without one), CRLF between records (RFC 4180), headers in the
 * request's language, and no cell a spreadsheet would run as a formula.
 */
import { pipeline, Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Stringifier, stringify } from 'csv-stringify';
import { requestLocale } from '../http/locale';
import { fileStamp } from './time';

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

/**
 * Answers with `records` as a CSV download `<name>-<YYYYMMDD-HHmmss>.csv` (`at` in the province's
 * time), headers in the request's language, never cached. Records stream: a failure part-way (the
 * database went away) aborts the download rather than ending it short.
 */
export function sendCsv<K extends string>(
  request: FastifyRequest,
  reply: FastifyReply,
  download: { name: string; at: Date },
  columns: readonly CsvColumn<K>[],
  records: Iterable<Record<K, unknown>> | AsyncIterable<Record<K, unknown>>,
): FastifyReply {
  const csv = csvStringifier(columns, requestLocale(request) === 'zh-CN');
  pipeline(Readable.from(records), csv, (error) => {
    if (error) request.log.error({ err: error }, `${download.name} export failed`);
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${download.name}-${fileStamp(download.at)}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
