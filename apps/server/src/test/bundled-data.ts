/**
 * The bundled data files read independently of the loader, so tests compare what the API answers
 * with what the files say rather than with numbers copied from the implementation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { AIR_QUALITY_PROPERTY_CODES, type AirQualityPropertyCode } from '@eco/contracts/air-quality';
import { BUNDLED_FILES } from '../seed/load-bundled-data';
import { DATA_DIR } from './test-database';

export type CsvRecord = Record<string, string>;

export function readCsvFile(file: string): CsvRecord[] {
  return parse(fs.readFileSync(file, 'utf8'), { columns: true, skip_empty_lines: true, bom: true }) as CsvRecord[];
}

export function hourlyRows(dataDir = DATA_DIR): CsvRecord[] {
  return readCsvFile(path.join(dataDir, BUNDLED_FILES.hourly));
}

export function stationRows(dataDir = DATA_DIR): CsvRecord[] {
  return readCsvFile(path.join(dataDir, BUNDLED_FILES.stations));
}

/** The published values of one hourly row (empty cells = not published), as numbers. */
export function valuesOf(row: CsvRecord): Partial<Record<AirQualityPropertyCode, number>> {
  const values: Partial<Record<AirQualityPropertyCode, number>> = {};
  for (const code of AIR_QUALITY_PROPERTY_CODES) {
    const raw = row[code]?.trim() ?? '';
    if (raw !== '') values[code] = Number(raw);
  }
  return values;
}

export interface RegulationItem {
  code: string;
  title: string;
  issuer: string;
  issuedOn: string | null;
  effectiveOn: string | null;
  category: string;
  replaces?: string;
}

export function regulationItems(dataDir = DATA_DIR): RegulationItem[] {
  return JSON.parse(fs.readFileSync(path.join(dataDir, BUNDLED_FILES.regulations), 'utf8')) as RegulationItem[];
}

export interface DivisionItem {
  code: string;
  name: string;
  children?: DivisionItem[];
}

export function divisionTree(dataDir = DATA_DIR): DivisionItem[] {
  return JSON.parse(fs.readFileSync(path.join(dataDir, BUNDLED_FILES.divisions), 'utf8')) as DivisionItem[];
}
