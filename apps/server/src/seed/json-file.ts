/**
 * Reads a bundled JSON file keeping where each value starts, so a bad item can be reported with
 * its line (jsonc-parser's syntax tree; a syntax error is reported at its line too).
 */
import fs from 'node:fs';
import { getNodeValue, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { DataFileError } from './data-file-error';

export interface JsonFile {
  file: string;
  root: Node;
  /** 1-based line of a node's first character */
  lineOf(node: Node): number;
  valueOf(node: Node): unknown;
}

export function readJsonFile(file: string): JsonFile {
  const source = fs.readFileSync(file, 'utf8');
  const errors: ParseError[] = [];
  const root = parseTree(source, errors, { allowTrailingComma: false, disallowComments: true });
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  if (errors.length > 0 || !root) {
    const first = errors[0];
    throw new DataFileError(file, first ? lineOf(first.offset) : 1, first ? `invalid JSON (${printParseErrorCode(first.error)})` : 'empty file');
  }
  return {
    file,
    root,
    lineOf: (node) => lineOf(node.offset), // jsonc-parser builds null-prototype objects; clone them into plain ones for the ORM
    valueOf: (node) => structuredClone(getNodeValue(node) as unknown),
  };
}

/** The items of a JSON array node, or a `DataFileError` when the node is not an array. */
export function arrayItems(json: JsonFile, node: Node | undefined, what: string): Node[] {
  if (node?.type !== 'array') throw new DataFileError(json.file, node ? json.lineOf(node) : 1, `${what} is not an array`);
  return node.children ?? [];
}
