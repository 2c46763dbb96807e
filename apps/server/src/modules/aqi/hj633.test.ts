import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, computeAqi, iaqiOf, type BreakpointTable } from './hj633';

const STEPS = [0, 50, 100, 150, 200, 300, 400, 500];

describe('IAQI by HJ 633-2012 表1 (formula 1)', () => {
  it.each(Object.keys(BREAKPOINTS) as BreakpointTable[])('%s: each breakpoint gives its IAQI, and just above it the next whole number', (table) => {
    const bp = BREAKPOINTS[table];
    bp.forEach((c, i) => {
      expect(iaqiOf(table, c)).toBe(STEPS[i]);
      // a hair above a breakpoint (but the top one) is the next whole IAQI, rounded up
      if (i < bp.length - 1) expect(iaqiOf(table, c + (bp[i + 1]! - c) / 1000)).toBe(STEPS[i]! + 1);
    });
  });

  it('interpolates linearly between breakpoints and rounds up', () => {
    // PM2.5 56 µg/m³: 50 + (100 - 50) / (75 - 35) × (56 - 35) = 76.25 → 77
    expect(iaqiOf('pm2_5_24h', 56)).toBe(77);
    // CO 1.2 mg/m³ (1-hour): 50 / 5 × 1.2 = 12 exactly
    expect(iaqiOf('co_1h', 1.2)).toBe(12);
    // NO2 86 µg/m³ (1-hour): 50 / 100 × 86 = 43
    expect(iaqiOf('no2_1h', 86)).toBe(43);
    expect(iaqiOf('pm10_24h', 131)).toBe(91); // 50 + 50/100 × 81 = 90.5 → 91
  });

  it('is 500 above the last breakpoint of a full table', () => {
    expect(iaqiOf('pm10_24h', 601)).toBe(500);
    expect(iaqiOf('pm2_5_24h', 900)).toBe(500);
  });

  it('has no value above the end of the SO2 1-hour and O3 8-hour tables (notes 2 and 3)', () => {
    expect(iaqiOf('so2_1h', 800)).toBe(200);
    expect(iaqiOf('so2_1h', 801)).toBeNull();
    expect(iaqiOf('o3_8h', 800)).toBe(300);
    expect(iaqiOf('o3_8h', 801)).toBeNull();
  });

  it('has no value for a missing, negative or non-finite concentration', () => {
    for (const c of [null, undefined, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(iaqiOf('pm10_24h', c)).toBeNull();
  });
});

describe('AQI, primary pollutants, level and category (clause 4.3, 表2)', () => {
  it('takes the largest IAQI of the hourly 1-hour means, PM through the particulate limits', () => {
    // the bundled 1462A 高压开关厂 at 2023-01-20T00:00+08:00, published AQI 91
    const result = computeAqi({ so2: 12, no2: 86, co: 1.2, o3: 10, pm10: 131, pm2_5: 56, pm10_24h: 142, pm2_5_24h: 76, o3_8h: 44 }, 'hourly');
    expect(result).toEqual({
      aqi: 91,
      iaqi: { so2: 4, no2: 43, co: 12, o3: 4, pm10: 91, pm2_5: 77 },
      primaryPollutants: ['pm10'],
      level: 2,
      category: { zh: '良', en: 'Good' },
    });
  });

  it('uses the 24-hour means and the day maxima of O3 in daily mode, never the 1-hour limits of SO2, NO2, CO', () => {
    const result = computeAqi({ so2: 700, so2_24h: 12, no2_24h: 42, co_24h: 0.8, o3_24h: 101, o3_8h_24h: 88, pm10_24h: 142, pm2_5_24h: 76 }, 'daily');
    expect(result.iaqi).toEqual({ so2_24h: 12, no2_24h: 53, co_24h: 20, o3_24h: 32, o3_8h_24h: 44, pm10_24h: 96, pm2_5_24h: 102 });
    expect(result.aqi).toBe(102);
    expect(result.primaryPollutants).toEqual(['pm2_5_24h']);
    expect(result.category).toEqual({ zh: '轻度污染', en: 'Lightly polluted' });
  });

  it('indexes SO2 by its 24-hour mean when the 1-hour mean is above 800 µg/m³ (note 2)', () => {
    const result = computeAqi({ so2: 900, so2_24h: 500, no2: 50 }, 'hourly');
    // SO2 24-hour 500 µg/m³: 100 + 50 / (475 − 150) × (500 − 150) = 153.85 → 154
    expect(result.iaqi).toEqual({ so2_24h: 154, no2: 25 });
    expect(result.aqi).toBe(154);
  });

  it('reports O3 by its 1-hour IAQI when the 8-hour mean is above 800 µg/m³ (note 3)', () => {
    const result = computeAqi({ o3_24h: 1000, o3_8h_24h: 850 }, 'daily');
    expect(result.iaqi).toEqual({ o3_24h: 400 });
    expect(result.aqi).toBe(400);
    expect(result.primaryPollutants).toEqual(['o3_24h']);
  });

  it('names every pollutant tied for the largest IAQI', () => {
    const result = computeAqi({ pm10: 150, pm2_5: 75, no2: 20 }, 'hourly');
    expect(result.aqi).toBe(100);
    expect(result.primaryPollutants).toEqual(['pm10', 'pm2_5']);
  });

  it('has no primary pollutant at AQI 50 or below', () => {
    const result = computeAqi({ pm10: 50, pm2_5: 10 }, 'hourly');
    expect(result.aqi).toBe(50);
    expect(result.primaryPollutants).toEqual([]);
    expect(result.category).toEqual({ zh: '优', en: 'Excellent' });
  });

  it.each([
    [51, 2, '良'],
    [101, 3, '轻度污染'],
    [151, 4, '中度污染'],
    [201, 5, '重度污染'],
    [301, 6, '严重污染'],
  ])('classifies AQI %i as level %i %s', (aqi, level, category) => {
    // PM2.5 concentrations that give exactly this AQI: the lower edge of each level
    const pm = { 51: 35.8, 101: 75.8, 151: 115.7, 201: 151, 301: 251 }[aqi]!;
    const result = computeAqi({ pm2_5: pm }, 'hourly');
    expect(result.aqi).toBe(aqi);
    expect(result.level).toBe(level);
    expect(result.category?.zh).toBe(category);
  });

  it('has no AQI when no indexed field has a value', () => {
    expect(computeAqi({ pm10_24h: 80 }, 'hourly')).toEqual({ aqi: null, iaqi: {}, primaryPollutants: [], level: null, category: null });
  });
});
