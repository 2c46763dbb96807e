import { describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { Series, Station } from '@eco/contracts/stations';
import { divisionTree, hourlyRows, stationRows, valuesOf, type CsvRecord } from '../../test/bundled-data';
import { dataOf, errorOf, getJson, useTestApp } from '../../test/test-app';

const HOURLY = hourlyRows();
const STATIONS = stationRows();
const CITIES = new Map(divisionTree()[0]!.children!.map((c) => [c.code, c.name]));
const hasValues = (row: CsvRecord) => Object.keys(valuesOf(row)).length > 0;

/** The station's rows in the hourly file, oldest first. */
function rowsOf(code: string): CsvRecord[] {
  return HOURLY.filter((row) => row.stationcode === code).sort((a, b) => Date.parse(a.timepoint!) - Date.parse(b.timepoint!));
}

/** The file's newest hour with any value for the station, and that hour's values. */
function latestInFile(code: string): { time: string; values: ReturnType<typeof valuesOf> } | null {
  const row = rowsOf(code).filter(hasValues).at(-1);
  return row ? { time: row.timepoint!, values: valuesOf(row) } : null;
}

const NEWEST_HOUR = HOURLY.map((r) => r.timepoint!)
  .sort()
  .at(-1)!;

describe('air-quality stations', () => {
  const ctx = useTestApp({ loaded: true });

  const list = async (query = '') => dataOf(await getJson<Page<Station>>(ctx.app, `/api/stations${query}`));
  const series = async (code: string, query = '') => dataOf(await getJson<Series>(ctx.app, `/api/stations/${code}/series${query}`));

  describe('GET /api/stations', () => {
    it('answers the 55 stations of the file, each placed in a city of the province', async () => {
      const page = await list();
      expect(page.total).toBe(STATIONS.length);
      expect(page.total).toBe(55);
      expect(page.items.map((s) => s.code).sort()).toEqual(STATIONS.map((s) => s.stationcode).sort());
      for (const station of page.items) {
        const file = STATIONS.find((s) => s.stationcode === station.code)!;
        expect(station).toMatchObject({ name: file.positionname, area: file.area, longitude: Number(file.longitude), latitude: Number(file.latitude) });
        expect(CITIES.get(station.cityCode!)).toBe(station.cityName);
        // a station filed under a city is in that city; others (新区) are in some city
        if ([...CITIES.values()].includes(file.area!)) expect(station.cityName).toBe(file.area);
      }
    });

    it('answers each station with the newest hour it published, and that hour’s values as the file has them', async () => {
      const page = await list();
      for (const station of page.items) {
        expect({ code: station.code, latest: station.latest }).toEqual({ code: station.code, latest: latestInFile(station.code) });
      }
      const gaoya = page.items.find((s) => s.code === '1462A')!;
      expect(gaoya.latest!.time).toBe('2023-01-21T23:00:00+08:00');
    });

    it('answers a station missing from the last hour with its own latest time', async () => {
      const missing = STATIONS.map((s) => s.stationcode!).filter((code) => latestInFile(code)!.time !== NEWEST_HOUR);
      expect(missing.length).toBeGreaterThan(0);
      for (const code of missing) {
        const station = dataOf(await getJson<Station>(ctx.app, `/api/stations/${code}`));
        expect(station.latest).toEqual(latestInFile(code));
        expect(station.latest!.time < NEWEST_HOUR).toBe(true);
      }
    });

    it('filters by city', async () => {
      const xian = await list('?city=6101');
      expect(xian.total).toBeGreaterThan(0);
      expect(xian.items.every((s) => s.cityCode === '6101' && s.cityName === '西安市')).toBe(true);
      const all = await list();
      expect(xian.items.map((s) => s.code)).toEqual(all.items.filter((s) => s.cityCode === '6101').map((s) => s.code));
      expect((await list('?city=6199')).total).toBe(0);
    });

    it('pages, ordered by city then code', async () => {
      const all = (await list()).items;
      const sorted = [...all].sort((a, b) => (a.cityCode ?? '').localeCompare(b.cityCode ?? '') || a.code.localeCompare(b.code));
      expect(all.map((s) => s.code)).toEqual(sorted.map((s) => s.code));
      const second = await list('?page=2&pageSize=20');
      expect(second.items.map((s) => s.code)).toEqual(all.slice(20, 40).map((s) => s.code));
      for (const query of ['pageSize=201', 'pageSize=1e309', 'page=Infinity', 'city=61', 'city=6101%00']) {
        const response = await getJson(ctx.app, `/api/stations?${query}`);
        expect([response.status, errorOf(response).errorCode], query).toEqual([400, 'VALIDATION_FAILED']);
      }
    });
  });

  describe('GET /api/stations/:code', () => {
    it('answers one station with its latest values', async () => {
      const station = dataOf(await getJson<Station>(ctx.app, '/api/stations/1462A'));
      expect(station).toMatchObject({ code: '1462A', cityCode: '6101', cityName: '西安市', latest: latestInFile('1462A') });
    });

    it('answers 404 STATION_NOT_FOUND for a code it does not have', async () => {
      const response = await getJson(ctx.app, '/api/stations/9999A');
      expect(response.status).toBe(404);
      expect(errorOf(response).errorCode).toBe('STATION_NOT_FOUND');
      expect(errorOf(await getJson(ctx.app, '/api/stations/9999A/series')).errorCode).toBe('STATION_NOT_FOUND');
    });

    it('answers 400 for something that is not a station code', async () => {
      for (const url of ['/api/stations/XYZ', '/api/stations/1462a', '/api/stations/XYZ/series']) {
        const response = await getJson(ctx.app, url);
        expect(response.status).toBe(400);
        expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('GET /api/stations/:code/series', () => {
    it('answers the 48 hours up to the newest, equal to the file', async () => {
      const result = await series('1462A');
      const rows = rowsOf('1462A').filter(hasValues).slice(-48);
      expect(result.points).toHaveLength(48);
      expect(result.points).toEqual(rows.map((row) => ({ time: row.timepoint, values: valuesOf(row) })));
      expect(result.station).toEqual({ code: '1462A', name: '高压开关厂' });
      expect(result.to).toBe('2023-01-21T23:00:00+08:00');
      expect(result.from).toBe('2023-01-20T00:00:00+08:00');
    });

    it('answers the hours from `from` to `to`, both included', async () => {
      const from = '2023-01-21T06:00:00+08:00';
      const to = '2023-01-21T11:00:00+08:00';
      const result = await series('1462A', `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
      const expected = rowsOf('1462A').filter((r) => Date.parse(r.timepoint!) >= Date.parse(from) && Date.parse(r.timepoint!) <= Date.parse(to));
      expect(expected).toHaveLength(6);
      expect(result.points).toEqual(expected.map((row) => ({ time: row.timepoint, values: valuesOf(row) })));
      expect([result.from, result.to]).toEqual([from, to]);
    });

    it('accepts times in another offset and answers in China Standard Time', async () => {
      const result = await series('1462A', `?from=${encodeURIComponent('2023-01-20T22:00:00Z')}&to=${encodeURIComponent('2023-01-20T23:00:00Z')}`);
      expect(result.points.map((p) => p.time)).toEqual(['2023-01-21T06:00:00+08:00', '2023-01-21T07:00:00+08:00']);
    });

    it('answers only the properties asked for', async () => {
      const result = await series('1462A', '?properties=pm2_5&properties=aqi');
      expect(result.points).toHaveLength(48);
      const rows = rowsOf('1462A').slice(-48);
      expect(result.points).toEqual(rows.map((row) => ({ time: row.timepoint, values: { pm2_5: Number(row.pm2_5), aqi: Number(row.aqi) } })));
      const one = await series('1462A', '?properties=co');
      expect(one.points.every((p) => Object.keys(p.values).join() === 'co')).toBe(true);
    });

    it('answers no points for a range without data', async () => {
      const result = await series('1462A', `?from=${encodeURIComponent('2024-01-01T00:00:00+08:00')}&to=${encodeURIComponent('2024-01-02T00:00:00+08:00')}`);
      expect(result.points).toEqual([]);
    });

    it('refuses `from` after `to` with 400', async () => {
      const response = await getJson(
        ctx.app,
        `/api/stations/1462A/series?from=${encodeURIComponent('2023-01-21T12:00:00+08:00')}&to=${encodeURIComponent('2023-01-21T11:00:00+08:00')}`,
      );
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
    });

    it.each([
      ['from', '0000-01-01T00:00:00Z'],
      ['to', '2100-01-01T00:00:00+08:00'],
      ['from', '1899-12-31T23:00:00+08:00'],
      ['from', '2023-01-21'],
      ['to', 'yesterday'],
    ])('refuses %s=%s with 400 naming it, never a 5xx', async (name, value) => {
      const response = await getJson(ctx.app, `/api/stations/1462A/series?${name}=${encodeURIComponent(value)}`);
      expect(response.status).toBe(400);
      expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: `querystring/${name}` }] });
    });

    it('refuses an unknown property code and an unknown parameter with 400 naming them', async () => {
      const property = await getJson(ctx.app, '/api/stations/1462A/series?properties=pm25');
      expect([property.status, errorOf(property).errorCode]).toEqual([400, 'VALIDATION_FAILED']);
      const unknown = await getJson(ctx.app, '/api/stations/1462A/series?form=2023-01-21T00:00:00%2B08:00');
      expect(errorOf(unknown)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'querystring/form' }] });
    });

    it('refuses more than 31 days with 400 SERIES_RANGE_TOO_LONG, and takes exactly 31', async () => {
      const from = '2023-01-01T00:00:00+08:00';
      const tooLong = await getJson(
        ctx.app,
        `/api/stations/1462A/series?from=${encodeURIComponent(from)}&to=${encodeURIComponent('2023-02-01T01:00:00+08:00')}`,
      );
      expect(tooLong.status).toBe(400);
      expect(errorOf(tooLong).errorCode).toBe('SERIES_RANGE_TOO_LONG');
      const exactly = await series('1462A', `?from=${encodeURIComponent(from)}&to=${encodeURIComponent('2023-02-01T00:00:00+08:00')}`);
      expect(exactly.points).toHaveLength(rowsOf('1462A').length);
    });
  });
});
