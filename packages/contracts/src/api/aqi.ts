/** The AQI calculator of /application-tools (docs/product.md §Screens), also open to API clients. */
import { AqiRequestSchema, AqiResultSchema } from '../aqi';
import { defineEndpoints, PUBLIC } from './endpoint';

export const aqiApi = defineEndpoints({
  calculateAqi: {
    method: 'POST',
    path: '/api/tools/aqi',
    summary: 'AQI, IAQI, primary pollutants, level and category of one record (HJ 633-2012)',
    description:
      'For everyone; changes nothing. The body is one record keyed by the bundled data’s column names (`so2`, `no2`, `co`, `o3`, `pm10`, `pm2_5` and their `_24h` / `_8h` variants; µg/m³, `co` and `co_24h` mg/m³; null or absent = not measured) and `mode` (`hourly` 实时报, default, or `daily` 日报). An unknown name (e.g. `pm25`) is 400 naming it. A record with no value the mode reads answers `aqi: null`. It changes nothing, so it needs no session and no CSRF token.',
    tags: ['application tools'],
    access: PUBLIC,
    csrf: false,
    body: AqiRequestSchema,
    response: AqiResultSchema,
    errors: [],
  },
});
