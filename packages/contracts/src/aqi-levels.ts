/**
 * Air quality index levels, categories and colours of HJ 633-2012 表2
 * ("空气质量指数及相关信息"). Shared by the server (classifying) and the web app (legends, colours).
 */
export interface AqiLevel {
  /** 1 … 6 (一级 … 六级) */
  level: 1 | 2 | 3 | 4 | 5 | 6;
  /** inclusive AQI range of the level; the last level is open-ended */
  min: number;
  max: number | null;
  /** 类别 in zh-CN, as the standard names it */
  categoryZh: string;
  categoryEn: string;
  /** 表示颜色, as the standard gives it (RGB) */
  color: string;
}

export const AQI_LEVELS: readonly AqiLevel[] = [
  { level: 1, min: 0, max: 50, categoryZh: '优', categoryEn: 'Excellent', color: 'rgb(0,228,0)' },
  { level: 2, min: 51, max: 100, categoryZh: '良', categoryEn: 'Good', color: 'rgb(255,255,0)' },
  { level: 3, min: 101, max: 150, categoryZh: '轻度污染', categoryEn: 'Lightly polluted', color: 'rgb(255,126,0)' },
  { level: 4, min: 151, max: 200, categoryZh: '中度污染', categoryEn: 'Moderately polluted', color: 'rgb(255,0,0)' },
  { level: 5, min: 201, max: 300, categoryZh: '重度污染', categoryEn: 'Heavily polluted', color: 'rgb(153,0,76)' },
  { level: 6, min: 301, max: null, categoryZh: '严重污染', categoryEn: 'Severely polluted', color: 'rgb(126,0,35)' },
];

/**
 * The level an AQI value falls in (HJ 633-2012 表2). Published AQI values are whole numbers;
 * a fractional input is rounded up before classifying, so 50.2 is 良 rather than falling between
 * the table's ranges. Returns null for a missing, negative or non-finite value.
 */
export function aqiLevelOf(aqi: number | null | undefined): AqiLevel | null {
  if (aqi == null || !Number.isFinite(aqi) || aqi < 0) return null;
  const whole = Math.ceil(aqi);
  return AQI_LEVELS.find((l) => l.max === null || whole <= l.max) ?? null;
}
