/**
 * Reads `national-key-wildlife-2021.json` (国家重点保护野生动物名录, 2021, see data/README.md):
 * `species: [{ chineseName, scientificName, level: 'Ⅰ' | 'Ⅱ' }]` and `taxonRules` (whole genera,
 * orders or families listed as one entry).
 *
 * Genus rules become rows keyed by the genus name with `taxon = 'genus'`, so a detection of any
 * species of the genus is recognised as listed (its first word is the genus). Order and family
 * rules (corals) cannot be matched from a binomial name alone: they are kept with `taxon = 'order'`
 * / `'family'` for display, and a species of them must be reported by its own listed name.
 */
import { atLine, DataFileError, RowProblem } from './data-file-error';
import { matching, text } from './fields';
import { arrayItems, readJsonFile } from './json-file';
import { findNodeAtLocation } from 'jsonc-parser';

export interface ProtectedSpeciesRow {
  scientificName: string;
  nameZh: string;
  level: 'I' | 'II';
  /** '' for a species; 'genus' | 'order' | 'family' for a taxon rule */
  taxon: string;
}

const LEVEL: Record<string, 'I' | 'II'> = { Ⅰ: 'I', Ⅱ: 'II', I: 'I', II: 'II' };

function levelOf(value: unknown): 'I' | 'II' {
  const level = LEVEL[text(value, 'level')];
  if (!level) throw new RowProblem(`level "${String(value)}" is not Ⅰ or Ⅱ`);
  return level;
}

/**
 * The name as nomenclature writes it: genus capitalised, the rest lower-case (the compiled list
 * has one slip, `Ketupa Zeylonensis`, stored as `Ketupa zeylonensis`).
 */
function binomial(name: string): string {
  const [genus, ...rest] = name.split(' ');
  return [genus, ...rest.map((part) => part.toLowerCase())].join(' ');
}

export function readProtectedSpecies(file: string): ProtectedSpeciesRow[] {
  const json = readJsonFile(file);
  const rows: ProtectedSpeciesRow[] = [];
  const seen = new Set<string>();
  const add = (row: ProtectedSpeciesRow, line: number) => {
    if (seen.has(row.scientificName)) throw new DataFileError(file, line, `${row.scientificName} appears twice`);
    seen.add(row.scientificName);
    rows.push(row);
  };
  for (const node of arrayItems(json, findNodeAtLocation(json.root, ['species']), 'species')) {
    const line = json.lineOf(node);
    add(
      atLine(file, line, () => {
        const item = json.valueOf(node) as Record<string, unknown>;
        return {
          scientificName: binomial(matching(item.scientificName, 'scientificName', /^[A-Z][a-z]+( [A-Za-z.-]+){1,3}$/, 'a binomial name')),
          nameZh: text(item.chineseName, 'chineseName'),
          level: levelOf(item.level),
          taxon: '',
        };
      }),
      line,
    );
  }
  for (const node of arrayItems(json, findNodeAtLocation(json.root, ['taxonRules']), 'taxonRules')) {
    const line = json.lineOf(node);
    add(
      atLine(file, line, () => {
        const item = json.valueOf(node) as Record<string, unknown>;
        const match = matching(item.match, 'match', /^(genus|order|family)$/, 'genus, order or family');
        return {
          scientificName: matching(match === 'genus' ? item.genus : item.taxon, match === 'genus' ? 'genus' : 'taxon', /^[A-Z][a-z]+$/, 'a taxon name'),
          nameZh: text(item.chineseName, 'chineseName'),
          level: levelOf(item.level),
          taxon: match,
        };
      }),
      line,
    );
  }
  if (rows.length === 0) throw new DataFileError(file, 1, 'no species');
  return rows;
}
