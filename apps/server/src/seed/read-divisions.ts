/**
 * Reads `shaanxi-divisions.json`: `[{ code, name, children: [{ code, name, children: [{ code, name }] }] }]`
 * (国家统计局 统计用区划代码: province 2 digits, city 4, county 6, each starting with its parent's code).
 */
import { atLine, DataFileError, RowProblem } from './data-file-error';
import { matching, text } from './fields';
import { arrayItems, readJsonFile, type JsonFile } from './json-file';
import { findNodeAtLocation, type Node } from 'jsonc-parser';

export type DivisionLevel = 'province' | 'city' | 'county';
export interface DivisionRow {
  code: string;
  name: string;
  level: DivisionLevel;
  parentCode: string | null;
  sortOrder: number;
}

const LEVELS: { level: DivisionLevel; digits: number }[] = [
  { level: 'province', digits: 2 },
  { level: 'city', digits: 4 },
  { level: 'county', digits: 6 },
];

export function readDivisions(file: string): DivisionRow[] {
  const json = readJsonFile(file);
  const rows: DivisionRow[] = [];
  const seen = new Set<string>();
  walk(json, arrayItems(json, json.root, 'the file'), 0, null, rows, seen);
  if (!rows.some((r) => r.level === 'province')) throw new DataFileError(file, 1, 'no province');
  return rows;
}

function walk(json: JsonFile, items: Node[], depth: number, parent: string | null, rows: DivisionRow[], seen: Set<string>): void {
  const { level, digits } = LEVELS[depth]!;
  items.forEach((node, index) => {
    const line = json.lineOf(node);
    const row = atLine(json.file, line, () => {
      const item = json.valueOf(node) as Record<string, unknown>;
      const code = matching(item.code, 'code', new RegExp(`^\\d{${digits}}$`), `a ${digits}-digit ${level} code`);
      if (parent !== null && !code.startsWith(parent)) throw new RowProblem(`code ${code} does not start with its parent's code ${parent}`);
      if (seen.has(code)) throw new RowProblem(`code ${code} appears twice`);
      return { code, name: text(item.name, 'name'), level, parentCode: parent, sortOrder: index };
    });
    seen.add(row.code);
    rows.push(row);
    const children = findNodeAtLocation(node, ['children']);
    if (children && depth + 1 < LEVELS.length) walk(json, arrayItems(json, children, `children of ${row.code}`), depth + 1, row.code, rows, seen);
    else if (children) throw new DataFileError(json.file, json.lineOf(children), `${row.code} is a county and cannot have children`);
  });
}
