/**
 * PostGIS at start-up (db/postgis.ts): where the server offers it, it is created; where it does
 * not, or may not be created by this role, the portal opens anyway and says so in one line.
 */
import { describe, expect, it } from 'vitest';
import { createPostgis } from './postgis';

/** A database server answering createPostgis's statements as `answers` says (a statement not listed: no rows). */
function server(answers: Record<string, unknown[] | Error>) {
  const statements: string[] = [];
  const run = async (statement: string) => {
    statements.push(statement);
    const key = Object.keys(answers).find((k) => statement.includes(k));
    const answer = key === undefined ? [] : answers[key]!;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { run, statements };
}

describe('createPostgis', () => {
  it('creates the extension when the server offers it and it is missing', async () => {
    const { run, statements } = server({ pg_available_extensions: [{ name: 'postgis' }] });
    const lines: string[] = [];
    expect(await createPostgis(run, (line) => lines.push(line))).toBe(true);
    expect(statements.at(-1)).toBe('create extension if not exists postgis');
    expect(lines).toEqual([]);
  });

  it('leaves a database that has it alone', async () => {
    const { run, statements } = server({ pg_extension: [{ '?column?': 1 }] });
    expect(await createPostgis(run, () => {})).toBe(true);
    expect(statements).toHaveLength(1);
  });

  it('opens without it, in one line, when the server has no PostGIS package', async () => {
    const { run, statements } = server({});
    const lines: string[] = [];
    expect(await createPostgis(run, (line) => lines.push(line))).toBe(false);
    expect(statements.some((s) => s.startsWith('create'))).toBe(false);
    expect(lines).toEqual(['PostGIS is not installed on the database server: SensorThings geospatial filters are refused (docs/sensorthings.md §Reading)']);
  });

  it('opens without it, in one line with the reason, when this role may not create it', async () => {
    const { run } = server({
      pg_available_extensions: [{ name: 'postgis' }],
      'create extension': new Error('permission denied to create extension "postgis"'),
    });
    const lines: string[] = [];
    expect(await createPostgis(run, (line) => lines.push(line))).toBe(false);
    expect(lines).toEqual([
      'cannot create the PostGIS extension (permission denied to create extension "postgis"): SensorThings geospatial filters are refused (docs/sensorthings.md §Reading)',
    ]);
  });
});
