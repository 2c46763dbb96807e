import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AIR_QUALITY_PROPERTY_CODES } from '@eco/contracts/air-quality';
import { dataLoads, divisions, organisations, technicalRegulations } from '../db/schema';
import { divisionTree, hourlyRows, regulationItems, stationRows, valuesOf } from '../test/bundled-data';
import { countRows, createTestDatabase, DATA_DIR, makeTempDir, removeTempDir, TABLES, type TestDatabase } from '../test/test-database';
import { DataFileError } from './data-file-error';
import { DEFAULT_ALERT_RULES, ENVIRONMENT_PROPERTIES } from '../modules/sensing/defaults';
import { BUNDLED_FILES, loadBundledData } from './load-bundled-data';

const NOTHING = Object.fromEntries(Object.keys(TABLES).map((name) => [name, 0]));

/** 1-based line number of the first line matching `test` in `text`. */
function lineOf(text: string, test: (line: string) => boolean): number {
  const index = text.split('\n').findIndex(test);
  if (index < 0) throw new Error('fixture line not found');
  return index + 1;
}

/** Replaces line `n` (1-based) of `text`. */
function replaceLine(text: string, n: number, edit: (line: string) => string): string {
  const lines = text.split('\n');
  lines[n - 1] = edit(lines[n - 1]!);
  return lines.join('\n');
}

/** Sets one column of CSV line `n`, by the header's column name. */
function setCsvField(text: string, n: number, column: string, value: string): string {
  const header = text.split('\n')[0]!.split(',');
  const at = header.indexOf(column);
  if (at < 0) throw new Error(`no column ${column}`);
  return replaceLine(text, n, (line) =>
    line
      .split(',')
      .map((cell, i) => (i === at ? value : cell))
      .join(','),
  );
}

interface Corruption {
  name: string;
  file: string;
  /** edits the file's text; returns the line the loader must name */
  corrupt(text: string): { text: string; line: number };
  /** what the message must say besides the file and line */
  says: RegExp;
}

const CORRUPTIONS: Corruption[] = [
  {
    name: 'a non-number pm10 in the hourly CSV',
    file: BUNDLED_FILES.hourly,
    corrupt: (text) => ({ text: setCsvField(text, 1000, 'pm10', 'n/a'), line: 1000 }),
    says: /pm10 "n\/a" is not a number/,
  },
  {
    name: 'a negative value in the hourly CSV',
    file: BUNDLED_FILES.hourly,
    corrupt: (text) => ({ text: setCsvField(text, 2641, 'so2', '-3'), line: 2641 }),
    says: /so2 -3 is outside/,
  },
  {
    name: 'a bad station code in the stations CSV',
    file: BUNDLED_FILES.stations,
    corrupt: (text) => ({ text: setCsvField(text, 10, 'stationcode', '14X2A'), line: 10 }),
    says: /stationcode "14X2A" is not a station code/,
  },
  {
    name: 'an unknown stationcode in the hourly CSV',
    file: BUNDLED_FILES.hourly,
    corrupt: (text) => ({ text: setCsvField(text, 500, 'stationcode', '9999A'), line: 500 }),
    says: /stationcode 9999A is not in the stations file/,
  },
  {
    name: 'a date that does not exist in technical-regulations.json',
    file: BUNDLED_FILES.regulations,
    corrupt: (text) => {
      const line = lineOf(text, (l) => l.includes('"LY/T 2581-2016"'));
      return { text: replaceLine(text, line, (l) => l.replace('"effectiveOn": "2016-06-01"', '"effectiveOn": "2016-02-30"')), line };
    },
    says: /effectiveOn "2016-02-30" is not a real date/,
  },
  {
    name: 'a regulation code not in a standard form',
    file: BUNDLED_FILES.regulations,
    corrupt: (text) => {
      const line = lineOf(text, (l) => l.includes('"GB/T 28181-2022"'));
      return { text: replaceLine(text, line, (l) => l.replace('"GB/T 28181-2022"', '"GBT28181-2022"')), line };
    },
    says: /code "GBT28181-2022" is not a standard code/,
  },
  {
    name: 'a duplicate regulation code',
    file: BUNDLED_FILES.regulations,
    corrupt: (text) => {
      // the second of the two lines now carrying the code is the duplicate
      const line = lineOf(text, (l) => l.includes('"LY/T 2582-2016"'));
      return { text: replaceLine(text, line, (l) => l.replace('"LY/T 2582-2016"', '"LY/T 2581-2016"')), line };
    },
    says: /code LY\/T 2581-2016 appears twice/,
  },
  {
    name: 'a city code with the wrong number of digits',
    file: BUNDLED_FILES.divisions,
    corrupt: (text) => {
      const codeLine = lineOf(text, (l) => l.includes('"code": "6102"'));
      // the item is reported at its opening brace, the line above its "code"
      return { text: replaceLine(text, codeLine, (l) => l.replace('"6102"', '"612"')), line: codeLine - 1 };
    },
    says: /code "612" is not a 4-digit city code/,
  },
  {
    name: "a county code that does not start with its city's",
    file: BUNDLED_FILES.divisions,
    corrupt: (text) => {
      const codeLine = lineOf(text, (l) => l.includes('"code": "610103"'));
      return { text: replaceLine(text, codeLine, (l) => l.replace('"610103"', '"619903"')), line: codeLine - 1 };
    },
    says: /code 619903 does not start with its parent's code 6101/,
  },
  {
    name: 'invalid JSON in technical-regulations.json',
    file: BUNDLED_FILES.regulations,
    corrupt: (text) => ({ text: replaceLine(text, 8, (l) => l.replace('"issuer": ', '"issuer" ')), line: 8 }),
    says: /invalid JSON/,
  },
];

describe('loadBundledData', () => {
  let database: TestDatabase;
  let copies: string[] = [];

  /** A copy of data/ (without any database folder in it) with `file` rewritten. */
  function dataWith(file: string, edit: (text: string) => string): string {
    const dir = makeTempDir('eco-data-');
    copies.push(dir);
    fs.cpSync(DATA_DIR, dir, { recursive: true, filter: (source) => path.basename(source) !== 'db' });
    const target = path.join(dir, file);
    const text = edit(fs.readFileSync(target, 'utf8'));
    fs.chmodSync(target, 0o644); // the bundled files are read-only
    fs.writeFileSync(target, text);
    return dir;
  }

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(async () => {
    for (const dir of copies) removeTempDir(dir);
    copies = [];
    await database?.dispose();
  });

  describe('refuses bad data, naming the file and line, and writes nothing', () => {
    it.each(CORRUPTIONS)('$name', async ({ file, corrupt, says }) => {
      let line = 0;
      const dir = dataWith(file, (text) => {
        const result = corrupt(text);
        line = result.line;
        return result.text;
      });
      const error = await loadBundledData(database.db, dir).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(DataFileError);
      const dataError = error as DataFileError;
      expect(dataError.message).toMatch(new RegExp(`^${file.replace(/[.]/g, '\\.')} line ${line}: `));
      expect(dataError.message).toMatch(says);
      expect(dataError.line).toBe(line);
      expect(dataError.file).toBe(path.join(dir, file));
      expect(await countRows(database.db)).toEqual(NOTHING);
    });
  });

  it('rolls back every data set when a write fails part-way (one transaction)', async () => {
    // a regulation already in the table makes the third data set's insert fail, after the
    // divisions and the city boundaries have been written in the same transaction
    const [taken] = regulationItems().slice(-1);
    await database.db.insert(technicalRegulations).values({ ...taken!, replacesCode: null });
    try {
      await expect(loadBundledData(database.db, DATA_DIR)).rejects.toThrow();
      expect(await countRows(database.db)).toEqual({ ...NOTHING, technical_regulations: 1 });
    } finally {
      await database.db.delete(technicalRegulations).where(eq(technicalRegulations.code, taken!.code));
    }
  });

  describe('with the bundled data', () => {
    let firstLoad: string[];

    beforeAll(async () => {
      expect(await countRows(database.db)).toEqual(NOTHING);
      firstLoad = await loadBundledData(database.db, DATA_DIR);
    });

    it('loads the nine data sets on the first load', () => {
      expect(firstLoad).toEqual([
        'divisions',
        'organisations',
        'city-boundaries',
        'technical-regulations',
        'cnemc-air-quality-2023-01-20_21',
        'national-key-wildlife-2021',
        'sensing-defaults',
        'sensing-environment-properties',
        'camera-smoke-fire-alarm',
      ]);
    });

    it('writes every row of the files: divisions, boundaries, regulations, stations and observations', async () => {
      const tree = divisionTree();
      const cities = tree.flatMap((p) => p.children ?? []);
      const counties = cities.flatMap((c) => c.children ?? []);
      // the data README: 1 province, 10 cities, 107 county-level units; 25 regulations; 55 stations; 2,640 hourly rows
      expect([tree.length, cities.length, counties.length]).toEqual([1, 10, 107]);
      const stations = stationRows();
      const hourly = hourlyRows();
      expect([regulationItems().length, stations.length, hourly.length]).toEqual([25, 55, 2640]);
      // one observation per non-empty value in the hourly file
      const observations = hourly.reduce((sum, row) => sum + Object.keys(valuesOf(row)).length, 0);

      const counts = await countRows(database.db);
      expect(counts).toEqual({
        site_settings: 1,
        divisions: tree.length + cities.length + counties.length,
        city_boundaries: cities.length,
        // county boundaries are uploaded by administrators, never bundled (docs/verification.md §County boundaries)
        county_boundaries: 0,
        technical_regulations: regulationItems().length,
        things: stations.length,
        locations: stations.length,
        // each station stood at its Location from the first bundled hour, observing its FeatureOfInterest
        historical_locations: stations.length,
        features_of_interest: stations.length,
        // the air-quality ones, the field devices' (weather, soil, fire danger, battery) and a video camera's smoke and fire alarm (modules/sensing/defaults.ts)
        observed_properties: AIR_QUALITY_PROPERTY_CODES.length + ENVIRONMENT_PROPERTIES.length + 1,
        datastreams: stations.length * AIR_QUALITY_PROPERTY_CODES.length,
        observations,
        data_loads: 9,
        // one forestry and grassland agency per division
        organisations: tree.length + cities.length + counties.length,
        users: 0,
        sessions: 0,
        sign_in_failures: 0,
        audit_log: 0,
        app_secrets: 0,
        // the sensing hub: the national list of key protected wild animals (976 species and 8 taxon
        // rules, data/README.md) and the default alert rules (modules/sensing/defaults.ts)
        sensors: 1,
        thing_keys: 0,
        protected_species: 976 + 8,
        detections: 0,
        alert_rules: DEFAULT_ALERT_RULES.length + 1,
        alerts: 0,
        files: 0,
        notices: 0,
        notice_attachments: 0,
        regulation_documents: 0,
        // hourly observations: each is the only one of its Datastream's hour in the roll-up
        observation_hours: observations,
        // the application systems are seeded when the app starts, not by the data loader
        applications: 0,
        application_favourites: 0,
        application_launches: 0,
        tools: 0,
        tool_versions: 0,
        oidc_clients: 0,
        // verification tasks come from imports, not from the bundled data (the kinds ship with migration 0007)
        verification_tasks: 0,
        verification_steps: 0,
        verification_photos: 0,
      });
      expect(AIR_QUALITY_PROPERTY_CODES).toHaveLength(15);
    });

    it('gives a database loaded before organisations existed its organisations at the next load, and only them', async () => {
      const before = await countRows(database.db);
      await database.db.delete(organisations);
      await database.db.delete(dataLoads).where(eq(dataLoads.dataset, 'organisations'));
      expect(await loadBundledData(database.db, DATA_DIR)).toEqual(['organisations']);
      expect(await countRows(database.db)).toEqual(before);
      // each named as its division, under its division's parent
      const rows = await database.db
        .select({
          code: organisations.divisionCode,
          name: organisations.name,
          level: organisations.level,
          parentId: organisations.parentId,
          id: organisations.id,
        })
        .from(organisations);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const divisionRows = await database.db.select().from(divisions);
      expect(rows).toHaveLength(divisionRows.length);
      for (const division of divisionRows) {
        const organisation = rows.find((r) => r.code === division.code)!;
        expect(organisation).toMatchObject({ name: division.name, level: division.level });
        expect(organisation.parentId === null ? null : byId.get(organisation.parentId)!.code).toBe(division.parentCode);
      }
    });

    it('loads nothing on a second load and changes no count', async () => {
      const before = await countRows(database.db);
      expect(await loadBundledData(database.db, DATA_DIR)).toEqual([]);
      expect(await countRows(database.db)).toEqual(before);
    });
  });
});
