/**
 * The national network as the oracle: every complete hour of the bundled CNEMC data, recomputed
 * by HJ 633-2012 in real-time mode, against the AQI (and, where published, the primary pollutant)
 * the network published. Prints the share that agrees.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AIR_QUALITY_PROPERTY_CODES } from '@eco/contracts/air-quality';
import { hourlyRows, readCsvFile, valuesOf } from '../../test/bundled-data';
import { DATA_DIR } from '../../test/test-database';
import { computeAqi } from './hj633';

/** CNEMC's names of primary pollutants in its real-time release → the record fields */
const CNEMC_PRIMARY: Record<string, string> = {
  '细颗粒物(PM2.5)': 'pm2_5',
  '颗粒物(PM10)': 'pm10',
  二氧化硫: 'so2',
  二氧化氮: 'no2',
  一氧化碳: 'co',
  臭氧1小时: 'o3',
};

describe('HJ 633-2012 real-time AQI against the values the national network published', () => {
  it('reproduces the published AQI of every complete hour of 2023-01-20/21', () => {
    const complete = hourlyRows().filter((row) => AIR_QUALITY_PROPERTY_CODES.every((code) => row[code]?.trim()));
    expect(complete.length).toBeGreaterThan(2000);
    const mismatches = complete.filter((row) => computeAqi(valuesOf(row), 'hourly').aqi !== Number(row.aqi));
    const share = (1 - mismatches.length / complete.length) * 100;
    console.log(
      `HJ 633-2012 real-time AQI: ${complete.length - mismatches.length} of ${complete.length} complete hours equal the published AQI (${share.toFixed(2)}%)`,
    );
    expect(mismatches.map((r) => `${r.stationcode} ${r.timepoint} published ${r.aqi}`)).toEqual([]);
  });

  it('reproduces the published AQI and primary pollutant of 2024-01-08 00:00', () => {
    const rows = readCsvFile(path.join(DATA_DIR, 'cnemc-shaanxi-hourly-2024-01-08T00.csv')).filter((row) =>
      ['so2', 'no2', 'co', 'o3', 'pm10', 'pm2_5'].every((code) => row[code]?.trim()),
    );
    expect(rows.length).toBeGreaterThan(40);
    let agree = 0;
    for (const row of rows) {
      const result = computeAqi(valuesOf(row), 'hourly');
      const published = row.primarypollutant ? row.primarypollutant.split(/[,，]/).map((name) => CNEMC_PRIMARY[name.trim()]) : [];
      expect({ station: row.stationcode, aqi: result.aqi, primary: result.primaryPollutants }).toEqual({
        station: row.stationcode,
        aqi: Number(row.aqi),
        primary: published,
      });
      agree++;
    }
    console.log(`HJ 633-2012 real-time AQI and primary pollutant: ${agree} of ${rows.length} stations agree with 2024-01-08T00 (100%)`);
  });
});
