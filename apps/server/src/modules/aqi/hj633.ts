/**
 * The air quality index of HJ 633-2012《环境空气质量指数（AQI）技术规定（试行）》.
 *
 * - IAQI by linear interpolation between the breakpoints of 表1 (formula 1, clause 4.2).
 * - AQI = max of the IAQIs (formula 2, clause 4.3); the primary pollutants are those with the
 *   largest IAQI when AQI > 50, all of them when tied (clause 4.3).
 * - Level and category by 表2 (`@eco/contracts/aqi-levels`).
 *
 * Which concentrations each mode uses (clause 5 and 表1 notes):
 * - `hourly` (实时报): the 1-hour means of SO2, NO2, CO and O3 with their 1-hour limits, and of
 *   PM10 and PM2.5 with 表1's particulate limits, which the table gives for 24-hour means only.
 *   This is how the national network computes its real-time AQI: recomputing the bundled CNEMC
 *   hours this way reproduces every published value, while adding the 8-hour and 24-hour moving
 *   averages that the real-time report also publishes does not (see hj633-oracle.test.ts).
 *   Note (2): an SO2 1-hour mean above 800 µg/m³ is not indexed; SO2 uses its 24-hour mean.
 * - `daily` (日报): the 24-hour means of SO2, NO2, CO, PM10 and PM2.5, the day's maximum O3 1-hour
 *   mean (`o3_24h`) and maximum O3 8-hour moving mean (`o3_8h_24h`). Note (1): the 1-hour limits of
 *   SO2, NO2 and CO are for the real-time report only. Note (3): an O3 8-hour mean above 800 µg/m³
 *   is not indexed; O3 is reported by its 1-hour IAQI.
 *
 * Rounding: each IAQI is rounded up to a whole number, as the network publishes it (rounding half
 * up instead misses 11% of the bundled hours). A concentration above the table's last breakpoint
 * has IAQI 500, the table's top. Units: µg/m³, CO mg/m³.
 */
import { aqiLevelOf } from '@eco/contracts/aqi-levels';
import type { AirQualityPropertyCode } from '@eco/contracts/air-quality';

export type AqiMode = 'hourly' | 'daily';

/** 表1: the IAQI at each breakpoint */
const IAQI_STEPS = [0, 50, 100, 150, 200, 300, 400, 500] as const;

/** 表1: concentration breakpoints per pollutant and averaging time (µg/m³; CO mg/m³). */
export const BREAKPOINTS = {
  so2_24h: [0, 50, 150, 475, 800, 1600, 2100, 2620],
  so2_1h: [0, 150, 500, 650, 800], // above 800: note (2)
  no2_24h: [0, 40, 80, 180, 280, 565, 750, 940],
  no2_1h: [0, 100, 200, 700, 1200, 2340, 3090, 3840],
  pm10_24h: [0, 50, 150, 250, 350, 420, 500, 600],
  co_24h: [0, 2, 4, 14, 24, 36, 48, 60],
  co_1h: [0, 5, 10, 35, 60, 90, 120, 150],
  o3_1h: [0, 160, 200, 300, 400, 800, 1000, 1200],
  o3_8h: [0, 100, 160, 215, 265, 800], // above 800: note (3)
  pm2_5_24h: [0, 35, 75, 115, 150, 250, 350, 500],
} as const satisfies Record<string, readonly number[]>;
export type BreakpointTable = keyof typeof BREAKPOINTS;

/** The record fields each mode indexes, and the breakpoint table each is read with. */
const ITEMS: Record<AqiMode, readonly { field: AirQualityPropertyCode; table: BreakpointTable }[]> = {
  hourly: [
    { field: 'so2', table: 'so2_1h' },
    { field: 'no2', table: 'no2_1h' },
    { field: 'co', table: 'co_1h' },
    { field: 'o3', table: 'o3_1h' },
    { field: 'pm10', table: 'pm10_24h' },
    { field: 'pm2_5', table: 'pm2_5_24h' },
  ],
  daily: [
    { field: 'so2_24h', table: 'so2_24h' },
    { field: 'no2_24h', table: 'no2_24h' },
    { field: 'co_24h', table: 'co_24h' },
    { field: 'o3_24h', table: 'o3_1h' },
    { field: 'o3_8h_24h', table: 'o3_8h' },
    { field: 'pm10_24h', table: 'pm10_24h' },
    { field: 'pm2_5_24h', table: 'pm2_5_24h' },
  ],
};

/** The fields a mode reads (for validators and forms). */
export function aqiFields(mode: AqiMode): AirQualityPropertyCode[] {
  const fields = ITEMS[mode].map((i) => i.field);
  // note (2): the SO2 24-hour mean stands in for an hourly SO2 above 800 µg/m³
  return mode === 'hourly' ? [...fields, 'so2_24h'] : fields;
}

/**
 * IAQI of concentration `c` read with `table` (formula 1), rounded up; 500 above the table's last
 * breakpoint; null when `c` is not a finite, non-negative number or the table stops below it
 * (SO2 1-hour and O3 8-hour above 800, whose notes say to use another value).
 */
export function iaqiOf(table: BreakpointTable, c: number | null | undefined): number | null {
  if (c == null || !Number.isFinite(c) || c < 0) return null;
  const bp = BREAKPOINTS[table];
  for (let i = 1; i < bp.length; i++) {
    const hi = bp[i]!;
    if (c <= hi) {
      const lo = bp[i - 1]!;
      const value = ((IAQI_STEPS[i]! - IAQI_STEPS[i - 1]!) / (hi - lo)) * (c - lo) + IAQI_STEPS[i - 1]!;
      // 1e-9 absorbs binary floating-point error, so 35 µg/m³ of PM2.5 is exactly 50, not 51;
      // the max keeps a zero concentration at 0 rather than -0
      return Math.max(IAQI_STEPS[i - 1]!, Math.ceil(value - 1e-9));
    }
  }
  return bp.length === IAQI_STEPS.length ? 500 : null;
}

export interface AqiResult {
  /** null when no indexed field has a value */
  aqi: number | null;
  /** IAQI per record field that was indexed */
  iaqi: Partial<Record<AirQualityPropertyCode, number>>;
  /** the fields with the largest IAQI when AQI > 50 (clause 4.3); empty otherwise */
  primaryPollutants: AirQualityPropertyCode[];
  /** 1–6 (表2) */
  level: number | null;
  category: { zh: string; en: string } | null;
}

/**
 * The AQI of one record keyed by the bundled data's column names (`so2`, `pm2_5`, `o3_8h_24h`,
 * …; µg/m³, CO mg/m³) in `hourly` (real-time) or `daily` mode. Missing fields are left out.
 */
export function computeAqi(record: Partial<Record<AirQualityPropertyCode, number | null>>, mode: AqiMode): AqiResult {
  const iaqi: AqiResult['iaqi'] = {};
  const put = (field: AirQualityPropertyCode, value: number | null) => {
    if (value !== null) iaqi[field] = value;
  };
  for (const { field, table } of ITEMS[mode]) {
    // note (2): an SO2 1-hour mean above 800 µg/m³ is indexed by the SO2 24-hour mean instead
    if (field === 'so2' && (record.so2 ?? 0) > 800) put('so2_24h', iaqiOf('so2_24h', record.so2_24h));
    // note (3) needs nothing here: an O3 8-hour mean above 800 has no IAQI, and the O3 1-hour
    // IAQI is indexed in daily mode anyway
    else put(field, iaqiOf(table, record[field]));
  }
  const values = Object.values(iaqi);
  if (values.length === 0) return { aqi: null, iaqi, primaryPollutants: [], level: null, category: null };
  const aqi = Math.max(...values);
  const primaryPollutants = aqi > 50 ? (Object.keys(iaqi) as AirQualityPropertyCode[]).filter((k) => iaqi[k] === aqi) : [];
  const level = aqiLevelOf(aqi)!;
  return { aqi, iaqi, primaryPollutants, level: level.level, category: { zh: level.categoryZh, en: level.categoryEn } };
}
