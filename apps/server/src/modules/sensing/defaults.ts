/**
 * What a new portal starts with in the sensing hub: plausible ranges of the air-quality
 * ObservedProperties and the default alert rules. Written once by the seed loader
 * (`sensing-defaults` in `data_loads`); administrators may change them afterwards.
 */
import type { AirQualityPropertyCode } from '@eco/contracts/air-quality';
import { SMOKE_FIRE_ALARM_PROPERTY } from '@eco/contracts/verification-sources';

/**
 * Inclusive plausible range of each result. Lower bound 0 (a concentration cannot be negative);
 * upper bounds well above anything measured in China (PM10 in dust storms reaches a few thousand
 * µg/m³) but low enough to catch a unit error (ppb sent as µg/m³ ×1000, mg/m³ for µg/m³).
 * µg/m³; `co`, `co_24h` mg/m³; `aqi` 0–500 (HJ 633-2012 表1 tops at 500).
 */
export const PROPERTY_RANGES: Record<AirQualityPropertyCode, { min: number; max: number }> = {
  aqi: { min: 0, max: 500 },
  pm2_5: { min: 0, max: 3000 },
  pm2_5_24h: { min: 0, max: 3000 },
  pm10: { min: 0, max: 6000 },
  pm10_24h: { min: 0, max: 6000 },
  o3: { min: 0, max: 2000 },
  o3_24h: { min: 0, max: 2000 },
  o3_8h: { min: 0, max: 2000 },
  o3_8h_24h: { min: 0, max: 2000 },
  no2: { min: 0, max: 4000 },
  no2_24h: { min: 0, max: 4000 },
  so2: { min: 0, max: 5000 },
  so2_24h: { min: 0, max: 5000 },
  co: { min: 0, max: 150 },
  co_24h: { min: 0, max: 150 },
};

/**
 * The default alert rules:
 * - AQI above 200 at a station (重度污染 and worse, HJ 633-2012 表2 level 5–6), on the `aqi`
 *   Datastream: the value the station posts (as the national network publishes it); critical.
 * - A station silent for 3 hours (stations report hourly; 3 missed hours is a fault, not a delay).
 * - A camera trap silent for 24 hours (they report at least a daily heartbeat).
 */
export const DEFAULT_ALERT_RULES = [
  {
    name: 'AQI 超过 200（重度污染及以上）',
    kind: 'threshold' as const,
    observedPropertyCode: 'aqi',
    comparator: '>' as const,
    threshold: 200,
    thingKind: 'air_quality_station',
    severity: 'critical' as const,
  },
  { name: '监测站 3 小时无数据', kind: 'silence' as const, silentMinutes: 180, thingKind: 'air_quality_station', severity: 'warning' as const },
  { name: '红外相机 24 小时无数据', kind: 'silence' as const, silentMinutes: 1440, thingKind: 'infrared_camera', severity: 'info' as const },
];

/**
 * ObservedProperties of the field devices beyond air quality, with their unit and inclusive
 * plausible range (a result outside it is rejected at ingestion as RESULT_OUT_OF_RANGE):
 * - `air_temperature` °C, −50…60 (Shaanxi's records lie within about −32…45 °C);
 * - `relative_humidity` %, 0…100;
 * - `wind_speed` m/s, 0…75 (10-minute mean; above any typhoon gust recorded inland);
 * - `soil_moisture` % volumetric water content, 0…100;
 * - `fire_danger_level` 1…5, the forest fire danger rating of GB/T 36743-2018 森林火险气象等级
 *   (1 低度危险 … 5 极度危险), dimensionless;
 * - `battery_voltage` V, 0…30 (camera traps and masts report it with their heartbeat).
 */
export const ENVIRONMENT_PROPERTIES = [
  {
    code: 'air_temperature',
    nameZh: '气温',
    nameEn: 'Air temperature',
    unit: '°C',
    description: 'Air temperature 1.5 m above ground',
    minValue: -50,
    maxValue: 60,
  },
  {
    code: 'relative_humidity',
    nameZh: '相对湿度',
    nameEn: 'Relative humidity',
    unit: '%',
    description: 'Relative humidity of the air',
    minValue: 0,
    maxValue: 100,
  },
  { code: 'wind_speed', nameZh: '风速', nameEn: 'Wind speed', unit: 'm/s', description: '10-minute mean wind speed', minValue: 0, maxValue: 75 },
  { code: 'soil_moisture', nameZh: '土壤含水量', nameEn: 'Soil moisture', unit: '%', description: 'Volumetric soil water content', minValue: 0, maxValue: 100 },
  {
    code: 'fire_danger_level',
    nameZh: '森林火险等级',
    nameEn: 'Forest fire danger level',
    unit: '',
    description: 'Forest fire danger rating 1–5 (GB/T 36743-2018)',
    minValue: 1,
    maxValue: 5,
  },
  {
    code: 'battery_voltage',
    nameZh: '电池电压',
    nameEn: 'Battery voltage',
    unit: 'V',
    description: 'Supply battery voltage of the device',
    minValue: 0,
    maxValue: 30,
  },
] as const;

/**
 * The smoke and fire alarm of a forest-fire video camera (`video_camera`, the LY/T 2581-2016
 * 森林防火视频监控 cameras of docs/verification.md §Kinds, which recognise smoke and flame in the
 * picture): 1 while the camera's recognition raises an alarm, 0 when the picture is clear;
 * dimensionless. With it, the default rule below: a critical alert when a video camera reports
 * 1, closed by itself when it reports 0 again. An alert of this rule (or of any rule on this
 * ObservedProperty of a video camera) becomes a `fire_alarm` verification task
 * (modules/verification/camera-alarms.ts).
 */
export const SMOKE_FIRE_ALARM = {
  code: SMOKE_FIRE_ALARM_PROPERTY,
  nameZh: '烟火告警',
  nameEn: 'Smoke or fire alarm',
  unit: '',
  description: 'Smoke or fire recognised in the camera picture: 1 = alarm, 0 = clear',
  minValue: 0,
  maxValue: 1,
} as const;

export const SMOKE_FIRE_ALARM_RULE = {
  name: '视频监控识别到烟火',
  kind: 'threshold' as const,
  observedPropertyCode: SMOKE_FIRE_ALARM_PROPERTY,
  comparator: '>=' as const,
  threshold: 1,
  thingKind: 'video_camera',
  severity: 'critical' as const,
};
