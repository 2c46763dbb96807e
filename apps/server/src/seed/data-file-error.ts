import path from 'node:path';

/**
 * A bundled data file that failed validation: names the file and the line (1-based, as an editor
 * shows it; for CSV the header is line 1) so the row can be found and fixed.
 */
export class DataFileError extends Error {
  override name = 'DataFileError';
  constructor(
    readonly file: string,
    readonly line: number | null,
    readonly problem: string,
  ) {
    super(`${path.basename(file)}${line === null ? '' : ` line ${line}`}: ${problem}`);
  }
}

/** What is wrong with one row, before the reader knows which line it came from. */
export class RowProblem extends Error {
  override name = 'RowProblem';
}

/** Runs `fn` for one row and turns a `RowProblem` into a `DataFileError` at that line. */
export function atLine<T>(file: string, line: number | null, fn: () => T): T {
  try {
    return fn();
  } catch (problem) {
    if (problem instanceof RowProblem) throw new DataFileError(file, line, problem.message);
    throw problem;
  }
}
