import { describe, expect, it } from 'vitest';
import { convertCsv, convertPoint, parseCsv, problemOf } from './coordinates';

// 西安钟楼 (Xi'an Bell Tower) in WGS-84, and what the GCJ-02 / BD-09 formulas give for it
// (checked against the published algorithm: GCJ-02 shifts Xi'an by roughly +0.0047° lng, −0.0015° lat;
// BD-09 adds about +0.0065° lng, +0.006° lat on top of GCJ-02).
const BELL_TOWER: [number, number] = [108.94237, 34.26101];

describe('coordinate conversion', () => {
  it('shifts a point in China from WGS-84 to GCJ-02 and BD-09 by a few hundred metres, the way the formulas do', () => {
    const [gx, gy] = convertPoint(...BELL_TOWER, 'WGS84', 'GCJ02');
    expect(gx - BELL_TOWER[0]).toBeGreaterThan(0.003);
    expect(gx - BELL_TOWER[0]).toBeLessThan(0.007);
    expect(gy - BELL_TOWER[1]).toBeLessThan(0);
    expect(gy - BELL_TOWER[1]).toBeGreaterThan(-0.003);
    const [bx, by] = convertPoint(gx, gy, 'GCJ02', 'BD09');
    expect(bx - gx).toBeCloseTo(0.0065, 2);
    expect(by - gy).toBeCloseTo(0.006, 2);
  });

  it('round-trips WGS-84 → BD-09 → WGS-84 to within a metre (1e-5°)', () => {
    const [bx, by] = convertPoint(...BELL_TOWER, 'WGS84', 'BD09');
    const [x, y] = convertPoint(bx, by, 'BD09', 'WGS84');
    expect(Math.abs(x - BELL_TOWER[0])).toBeLessThan(1e-5);
    expect(Math.abs(y - BELL_TOWER[1])).toBeLessThan(1e-5);
  });

  it('leaves a point outside China as it is (GCJ-02 applies only in China)', () => {
    expect(convertPoint(2.2945, 48.8584, 'WGS84', 'GCJ02')).toEqual([2.2945, 48.8584]);
  });

  it('refuses impossible coordinates', () => {
    expect(problemOf(181, 30)).toBe('longitude_range');
    expect(problemOf(108, -91)).toBe('latitude_range');
    expect(problemOf(NaN, 30)).toBe('not_a_number');
    expect(() => convertPoint(200, 30, 'WGS84', 'GCJ02')).toThrow(RangeError);
  });

  it('finds the coordinate columns by name, converts every row, keeps other columns, quotes what needs it and reports bad rows by line', () => {
    const parsed = parseCsv('\uFEFF站点,经度,纬度\n"钟楼, 西安",108.94237,34.26101\n坏行,abc,34\n\n越界,108,95\n');
    expect([parsed.lngColumn, parsed.latColumn]).toEqual([1, 2]);
    const result = convertCsv(parsed, parsed.lngColumn, parsed.latColumn, 'WGS84', 'GCJ02');
    expect(result.header).toEqual(['站点', '经度', '纬度', 'gcj02_lng', 'gcj02_lat']);
    expect(result.converted).toBe(1);
    expect(result.problems).toEqual([
      { line: 3, problem: 'not_a_number' },
      { line: 4, problem: 'latitude_range' },
    ]);
    const lines = result.csv.split('\r\n');
    expect(lines[0]).toBe('站点,经度,纬度,gcj02_lng,gcj02_lat');
    expect(lines[1]).toMatch(/^"钟楼, 西安",108\.94237,34\.26101,108\.94\d+,34\.25\d+$/);
    expect(lines[2]).toBe('坏行,abc,34,,');
  });

  it('refuses a file without a header', () => {
    expect(() => parseCsv('')).toThrow('empty');
  });
});
