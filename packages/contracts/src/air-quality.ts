/**
 * The air-quality ObservedProperties of the national monitoring network (CNEMC real-time
 * releases), keyed by the bundled data's column names. Concentrations are µg/m³ except `co`
 * (mg/m³); `aqi` is dimensionless and is the value the network published, not recomputed.
 */
export interface AirQualityProperty {
  code: AirQualityPropertyCode;
  nameZh: string;
  nameEn: string;
  unit: string;
  description: string;
}

export const AIR_QUALITY_PROPERTY_CODES = [
  'aqi',
  'pm2_5',
  'pm2_5_24h',
  'pm10',
  'pm10_24h',
  'o3',
  'o3_24h',
  'o3_8h',
  'o3_8h_24h',
  'no2',
  'no2_24h',
  'so2',
  'so2_24h',
  'co',
  'co_24h',
] as const;
export type AirQualityPropertyCode = (typeof AIR_QUALITY_PROPERTY_CODES)[number];

const UG = 'µg/m³';
export const AIR_QUALITY_PROPERTIES: readonly AirQualityProperty[] = [
  {
    code: 'aqi',
    nameZh: '空气质量指数（AQI）',
    nameEn: 'Air quality index (AQI)',
    unit: '',
    description: 'Real-time AQI as published by the national network (HJ 633-2012)',
  },
  { code: 'pm2_5', nameZh: 'PM2.5', nameEn: 'PM2.5', unit: UG, description: 'PM2.5 1-hour mean' },
  { code: 'pm2_5_24h', nameZh: 'PM2.5（24小时）', nameEn: 'PM2.5 (24 h)', unit: UG, description: 'PM2.5 24-hour moving mean, as published' },
  { code: 'pm10', nameZh: 'PM10', nameEn: 'PM10', unit: UG, description: 'PM10 1-hour mean' },
  { code: 'pm10_24h', nameZh: 'PM10（24小时）', nameEn: 'PM10 (24 h)', unit: UG, description: 'PM10 24-hour moving mean, as published' },
  { code: 'o3', nameZh: '臭氧（O₃）', nameEn: 'Ozone (O₃)', unit: UG, description: 'O3 1-hour mean' },
  {
    code: 'o3_24h',
    nameZh: '臭氧（24小时最大1小时）',
    nameEn: 'O₃ (24 h max of 1-hour)',
    unit: UG,
    description: 'Maximum O3 1-hour mean of the past 24 hours, as published',
  },
  { code: 'o3_8h', nameZh: '臭氧（8小时）', nameEn: 'O₃ (8 h)', unit: UG, description: 'O3 8-hour moving mean, as published' },
  { code: 'o3_8h_24h', nameZh: '臭氧（8小时最大）', nameEn: 'O₃ (max 8 h)', unit: UG, description: 'Maximum O3 8-hour moving mean, as published' },
  { code: 'no2', nameZh: '二氧化氮（NO₂）', nameEn: 'Nitrogen dioxide (NO₂)', unit: UG, description: 'NO2 1-hour mean' },
  { code: 'no2_24h', nameZh: '二氧化氮（24小时）', nameEn: 'NO₂ (24 h)', unit: UG, description: 'NO2 24-hour moving mean, as published' },
  { code: 'so2', nameZh: '二氧化硫（SO₂）', nameEn: 'Sulphur dioxide (SO₂)', unit: UG, description: 'SO2 1-hour mean' },
  { code: 'so2_24h', nameZh: '二氧化硫（24小时）', nameEn: 'SO₂ (24 h)', unit: UG, description: 'SO2 24-hour moving mean, as published' },
  { code: 'co', nameZh: '一氧化碳（CO）', nameEn: 'Carbon monoxide (CO)', unit: 'mg/m³', description: 'CO 1-hour mean' },
  { code: 'co_24h', nameZh: '一氧化碳（24小时）', nameEn: 'CO (24 h)', unit: 'mg/m³', description: 'CO 24-hour moving mean, as published' },
];
