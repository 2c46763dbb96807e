/**
 * Reads `technical-regulations.json`: `[{ code, title, issuer, issuedOn, effectiveOn, category, replaces? }]`,
 * dates `YYYY-MM-DD` or null where not confirmed. Codes must be in the usual forms
 * (`@eco/contracts/regulation-code`) and unique; a regulation cannot take effect before it is issued.
 */
import { isRegulationCode } from '@eco/contracts/regulation-code';
import { atLine, RowProblem } from './data-file-error';
import { optionalDate, text } from './fields';
import { arrayItems, readJsonFile } from './json-file';

export interface RegulationRow {
  code: string;
  title: string;
  issuer: string;
  category: string;
  issuedOn: string | null;
  effectiveOn: string | null;
  replacesCode: string | null;
}

function code(value: unknown, field: string): string {
  const c = text(value, field);
  if (!isRegulationCode(c)) throw new RowProblem(`${field} "${c}" is not a standard code such as "GB/T 28181-2022" or "LY/T 2581-2016"`);
  return c;
}

export function readRegulations(file: string): RegulationRow[] {
  const json = readJsonFile(file);
  const seen = new Set<string>();
  return arrayItems(json, json.root, 'the file').map((node) =>
    atLine(file, json.lineOf(node), () => {
      const item = json.valueOf(node) as Record<string, unknown>;
      const row: RegulationRow = {
        code: code(item.code, 'code'),
        title: text(item.title, 'title'),
        issuer: text(item.issuer, 'issuer'),
        category: text(item.category, 'category'),
        issuedOn: optionalDate(item.issuedOn, 'issuedOn'),
        effectiveOn: optionalDate(item.effectiveOn, 'effectiveOn'),
        replacesCode: item.replaces === undefined || item.replaces === null ? null : code(item.replaces, 'replaces'),
      };
      if (seen.has(row.code)) throw new RowProblem(`code ${row.code} appears twice`);
      if (row.replacesCode === row.code) throw new RowProblem(`${row.code} cannot replace itself`);
      if (row.issuedOn && row.effectiveOn && row.effectiveOn < row.issuedOn) {
        throw new RowProblem(`effectiveOn ${row.effectiveOn} is before issuedOn ${row.issuedOn}`);
      }
      seen.add(row.code);
      return row;
    }),
  );
}
