import type { FastifyInstance } from 'fastify';
import { aqiApi as api } from '@eco/contracts/api/aqi';
import { route } from '../../http/route';
import { computeAqi } from './hj633';

/**
 * The AQI calculator (`calculateAqi` of @eco/contracts/api/aqi.ts): one record by HJ 633-2012
 * (hj633.ts), `mode` hourly by default. Public; it reads no session and changes nothing.
 */
export async function aqiToolRoutes(app: FastifyInstance): Promise<void> {
  route(app, api.calculateAqi, async (request) => {
    const { mode = 'hourly', ...record } = request.body;
    return computeAqi(record, mode);
  });
}
