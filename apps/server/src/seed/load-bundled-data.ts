/**
 * Loads the bundled real data (`data/`, see data/README.md for sources) into the database on first
 * start, idempotently: each data set is recorded in `data_loads` and never loaded twice.
 *
 * Every file is read and validated before anything is written (a bad row stops start-up with
 * `DataFileError`: file, line, problem), and everything pending is written in one transaction,
 * serialised by an advisory lock so two processes starting on one PostgreSQL load it once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { eq, sql } from 'drizzle-orm';
import { AIR_QUALITY_PROPERTIES, AIR_QUALITY_PROPERTY_CODES } from '@eco/contracts/air-quality';
import { inTransaction, type Db } from '../db/client';
import * as t from '../db/schema';
import { DataFileError } from './data-file-error';
import { readHourly, readStations, type HourlyRow, type StationRow } from './read-air-quality';
import { readCityBoundaries, type CityBoundaryRow } from './read-city-boundaries';
import { readDivisions, type DivisionRow } from './read-divisions';
import { readProtectedSpecies, type ProtectedSpeciesRow } from './read-protected-species';
import { readRegulations, type RegulationRow } from './read-regulations';
import { DEFAULT_ALERT_RULES, ENVIRONMENT_PROPERTIES, PROPERTY_RANGES, SMOKE_FIRE_ALARM, SMOKE_FIRE_ALARM_RULE } from '../modules/sensing/defaults';

export const BUNDLED_FILES = {
  divisions: 'shaanxi-divisions.json',
  cityBoundaries: 'shaanxi-cities.geojson',
  regulations: 'technical-regulations.json',
  stations: 'cnemc-shaanxi-stations.csv',
  hourly: 'cnemc-shaanxi-hourly-2023-01-20_21.csv',
  protectedSpecies: 'national-key-wildlife-2021.json',
} as const;

/** Site settings before an administrator changes them (docs/routes.md §Initial state: the default page title). */
export const DEFAULT_SITE_SETTINGS = {
  title: '陕西省生态云感知系统',
  provinceName: '陕西省',
  footer: '陕西省生态云感知系统',
  recordNumber: '',
  opsPlatformUrl: null,
  // the footer of a government site (issue 13): no real values ship with the project, so none are invented
  sponsor: '',
  operator: '',
  publicSecurityRecordNumber: '',
  siteCode: '',
  contact: '',
};

const LOAD_LOCK_KEY = 7_320_2602;
const CHUNK = 2000;

interface Dataset {
  name: string;
  files: string[];
  rows: number;
  write(tx: Db): Promise<void>;
}

function sha256(files: string[]): string {
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(fs.readFileSync(file));
  return hash.digest('hex');
}

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * The 4-digit code of the city whose boundary contains the WGS-84 point, or null outside every
 * one. Used for the bundled stations and for Things registered in portal management (with the
 * boundaries read back from `city_boundaries`), so both derive the city the same way.
 */
export function cityOf(
  point: Pick<StationRow, 'longitude' | 'latitude'>,
  boundaries: readonly Pick<CityBoundaryRow, 'divisionCode' | 'geometry'>[],
): string | null {
  const hit = boundaries.find((b) => booleanPointInPolygon([point.longitude, point.latitude], b.geometry));
  return hit?.divisionCode ?? null;
}

function divisionsDataset(file: string, rows: DivisionRow[]): Dataset {
  return {
    name: 'divisions',
    files: [file],
    rows: rows.length,
    write: async (tx) => {
      // parents come before children in the file, so the self-reference holds row by row
      await insertChunked(rows, (chunk) => tx.insert(t.divisions).values(chunk));
    },
  };
}

/**
 * One organisation (forestry and grassland agency) per division, named as the division, in the
 * same province → city → county tree. A database that had the divisions before organisations
 * existed gets them at its next start.
 */
function organisationsDataset(file: string, rows: DivisionRow[]): Dataset {
  return {
    name: 'organisations',
    files: [file],
    rows: rows.length,
    write: async (tx) => {
      const ids = new Map<string, number>();
      for (const level of ['province', 'city', 'county'] as const) {
        const values = rows
          .filter((r) => r.level === level)
          .map((r) => ({ divisionCode: r.code, name: r.name, level, parentId: r.parentCode === null ? null : ids.get(r.parentCode)! }));
        if (values.length === 0) continue;
        await tx.insert(t.organisations).values(values).onConflictDoNothing({ target: t.organisations.divisionCode });
        const stored = await tx
          .select({ id: t.organisations.id, code: t.organisations.divisionCode })
          .from(t.organisations)
          .where(eq(t.organisations.level, level));
        for (const row of stored) ids.set(row.code, row.id);
      }
    },
  };
}

function boundariesDataset(file: string, rows: CityBoundaryRow[], divisionCodes: Set<string>): Dataset {
  const unknown = rows.find((r) => !divisionCodes.has(r.divisionCode));
  if (unknown) throw new DataFileError(file, null, `city ${unknown.divisionCode} (${unknown.name}) is not among the divisions`);
  return {
    name: 'city-boundaries',
    files: [file],
    rows: rows.length,
    write: async (tx) => void (await tx.insert(t.cityBoundaries).values(rows)),
  };
}

function regulationsDataset(file: string, rows: RegulationRow[]): Dataset {
  return {
    name: 'technical-regulations',
    files: [file],
    rows: rows.length,
    write: async (tx) => void (await tx.insert(t.technicalRegulations).values(rows)),
  };
}

function airQualityDataset(files: string[], stations: StationRow[], hourly: HourlyRow[], boundaries: CityBoundaryRow[]): Dataset {
  return {
    name: 'cnemc-air-quality-2023-01-20_21',
    files,
    rows: stations.length + hourly.length,
    write: async (tx) => {
      await tx
        .insert(t.observedProperties)
        .values([...AIR_QUALITY_PROPERTIES])
        .onConflictDoNothing();
      const things = await tx
        .insert(t.things)
        .values(stations.map((s) => ({ code: s.code, kind: 'air_quality_station' as const, name: s.name, properties: { area: s.area } })))
        .returning({ id: t.things.id, code: t.things.code });
      const thingId = new Map(things.map((th) => [th.code, th.id]));
      const places = await tx
        .insert(t.locations)
        .values(
          stations.map((s) => ({ thingId: thingId.get(s.code)!, name: s.name, longitude: s.longitude, latitude: s.latitude, cityCode: cityOf(s, boundaries) })),
        )
        .returning({ id: t.locations.id, thingId: t.locations.thingId });
      // the stations stood there from the first hour of the bundled data on (SensorThings HistoricalLocation)
      const since = hourly.reduce((first, h) => (h.time < first ? h.time : first), hourly[0]?.time ?? new Date());
      await tx.insert(t.historicalLocations).values(places.map((p) => ({ thingId: p.thingId!, locationId: p.id, time: since })));
      // the network's monitors, one SensorThings Sensor for every station's Datastreams (data/README.md)
      const [monitor] = await tx
        .insert(t.sensors)
        .values({
          name: '国控环境空气质量自动监测系统',
          description: '国家环境空气质量监测网站点的自动监测仪器，小时数据由中国环境监测总站（CNEMC）实时发布',
          encodingType: 'text/plain',
          metadata: 'CNEMC real-time releases (data/README.md)',
        })
        .returning({ id: t.sensors.id });
      const streams = await tx
        .insert(t.datastreams)
        .values(things.flatMap((th) => AIR_QUALITY_PROPERTY_CODES.map((code) => ({ thingId: th.id, observedPropertyCode: code, sensorId: monitor!.id }))))
        .returning({ id: t.datastreams.id, thingId: t.datastreams.thingId, property: t.datastreams.observedPropertyCode });
      const streamId = new Map(streams.map((s) => [`${s.thingId}:${s.property}`, s.id]));
      const observations = hourly.flatMap((h) =>
        Object.entries(h.values).map(([code, result]) => ({
          datastreamId: streamId.get(`${thingId.get(h.stationCode)}:${code}`)!,
          phenomenonTime: h.time,
          resultTime: h.time,
          result,
        })),
      );
      await insertChunked(observations, (chunk) => tx.insert(t.observations).values(chunk));
    },
  };
}

function protectedSpeciesDataset(file: string, rows: ProtectedSpeciesRow[]): Dataset {
  return {
    name: 'national-key-wildlife-2021',
    files: [file],
    rows: rows.length,
    write: (tx) => insertChunked(rows, (chunk) => tx.insert(t.protectedSpecies).values(chunk).onConflictDoNothing()),
  };
}

/**
 * The plausible ranges of the air-quality ObservedProperties and the default alert rules
 * (modules/sensing/defaults.ts). The stations' Locations keep `county_code` null: the bundled
 * divisions carry no county boundaries, so the county a point falls in cannot be derived.
 */
function sensingDefaultsDataset(file: string): Dataset {
  return {
    name: 'sensing-defaults',
    files: [file],
    rows: Object.keys(PROPERTY_RANGES).length + DEFAULT_ALERT_RULES.length,
    write: async (tx) => {
      await tx
        .insert(t.observedProperties)
        .values([...AIR_QUALITY_PROPERTIES])
        .onConflictDoNothing();
      for (const [code, range] of Object.entries(PROPERTY_RANGES)) {
        await tx.update(t.observedProperties).set({ minValue: range.min, maxValue: range.max }).where(eq(t.observedProperties.code, code));
      }
      await tx.insert(t.alertRules).values([...DEFAULT_ALERT_RULES]);
    },
  };
}

/**
 * The ObservedProperties of the field devices beyond air quality (weather, soil, fire danger, a
 * camera's battery; modules/sensing/defaults.ts), so a registered sensor mast or camera can have
 * Datastreams. They come from code, not a data file (`files` is empty); a code already present is
 * left as an administrator may have changed it.
 */
function environmentPropertiesDataset(): Dataset {
  return {
    name: 'sensing-environment-properties',
    files: [],
    rows: ENVIRONMENT_PROPERTIES.length,
    write: async (tx) =>
      void (await tx
        .insert(t.observedProperties)
        .values([...ENVIRONMENT_PROPERTIES])
        .onConflictDoNothing()),
  };
}

/**
 * The smoke and fire alarm of video cameras and its default alert rule (modules/sensing/defaults.ts),
 * whose alerts become `fire_alarm` verification tasks (docs/verification.md §Camera alarms). From
 * code, like the environment properties; a database loaded before they existed gets them at its
 * next start.
 */
function smokeFireAlarmDataset(): Dataset {
  return {
    name: 'camera-smoke-fire-alarm',
    files: [],
    rows: 2,
    write: async (tx) => {
      await tx.insert(t.observedProperties).values(SMOKE_FIRE_ALARM).onConflictDoNothing();
      await tx.insert(t.alertRules).values(SMOKE_FIRE_ALARM_RULE);
    },
  };
}

/** Reads and validates every bundled file; throws `DataFileError` on the first bad row. */
export function readBundledData(dataDir: string): Dataset[] {
  const file = (name: string) => path.join(dataDir, name);
  for (const name of Object.values(BUNDLED_FILES)) {
    if (!fs.existsSync(file(name))) throw new DataFileError(file(name), null, `missing from the data folder ${dataDir} (DATA_DIR)`);
  }
  const divisions = readDivisions(file(BUNDLED_FILES.divisions));
  const boundaries = readCityBoundaries(file(BUNDLED_FILES.cityBoundaries));
  const regulations = readRegulations(file(BUNDLED_FILES.regulations));
  const stations = readStations(file(BUNDLED_FILES.stations));
  const hourly = readHourly(file(BUNDLED_FILES.hourly), new Set(stations.map((s) => s.code)));
  return [
    divisionsDataset(file(BUNDLED_FILES.divisions), divisions),
    organisationsDataset(file(BUNDLED_FILES.divisions), divisions),
    boundariesDataset(file(BUNDLED_FILES.cityBoundaries), boundaries, new Set(divisions.map((d) => d.code))),
    regulationsDataset(file(BUNDLED_FILES.regulations), regulations),
    airQualityDataset([file(BUNDLED_FILES.stations), file(BUNDLED_FILES.hourly)], stations, hourly, boundaries),
    protectedSpeciesDataset(file(BUNDLED_FILES.protectedSpecies), readProtectedSpecies(file(BUNDLED_FILES.protectedSpecies))),
    sensingDefaultsDataset(file(BUNDLED_FILES.stations)),
    environmentPropertiesDataset(),
    smokeFireAlarmDataset(),
  ];
}

/**
 * Loads what has not been loaded yet, in one transaction. Returns the names of the data sets it
 * loaded now (empty on every later start).
 */
export async function loadBundledData(db: Db, dataDir: string): Promise<string[]> {
  const datasets = readBundledData(dataDir);
  return inTransaction(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${LOAD_LOCK_KEY})`);
    await tx
      .insert(t.siteSettings)
      .values({ id: 1, ...DEFAULT_SITE_SETTINGS })
      .onConflictDoNothing();
    const done = new Set((await tx.select({ name: t.dataLoads.dataset }).from(t.dataLoads)).map((r) => r.name));
    const loaded: string[] = [];
    for (const dataset of datasets) {
      if (done.has(dataset.name)) continue;
      await dataset.write(tx as unknown as Db);
      await tx.insert(t.dataLoads).values({ dataset: dataset.name, sha256: sha256(dataset.files), rows: dataset.rows });
      loaded.push(dataset.name);
    }
    return loaded;
  });
}
