import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AqiRequestSchema, AqiResultSchema } from '@eco/contracts/aqi';
import { Ok } from '@eco/contracts/envelope-schemas';
import { computeAqi } from './hj633';

/**
 * `POST /api/tools/aqi` (public, no CSRF token: it changes nothing and reads no session): body = one record keyed by the
 * bundled data's column names (`so2`, `no2`, `co`, `o3`, `pm10`, `pm2_5` and their `_24h` / `_8h`
 * variants; µg/m³, `co` mg/m³; null or absent = not measured) and `mode` (`hourly` default,
 * `daily`). Answers `{ aqi, iaqi, primaryPollutants, level, category }` by HJ 633-2012 (hj633.ts).
 * Errors: 400 VALIDATION_FAILED for a negative, non-numeric or unknown-typed value.
 */
export const aqiToolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/aqi',
    {
      config: { csrf: false },
      schema: {
        tags: ['tools'],
        summary: 'AQI, IAQI, primary pollutants, level and category by HJ 633-2012',
        body: AqiRequestSchema,
        response: { 200: Ok(AqiResultSchema) },
      },
    },
    async (request) => {
      const { mode = 'hourly', ...record } = request.body;
      return { success: true as const, data: computeAqi(record, mode) };
    },
  );
};
