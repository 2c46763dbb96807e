/** The AQI calculator of /application-tools: `calculateAqi` of @eco/contracts/api/aqi. */
import { useMutation } from '@tanstack/react-query';
import { aqiApi as api } from '@eco/contracts/api/aqi';
import type { AqiRequest } from '@eco/contracts/aqi';
import { call } from './client';

/**
 * AQI, IAQI, primary pollutants, level and category of one record by HJ 633-2012 (concentrations
 * µg/m³, CO mg/m³). A mutation, because it is a POST; it changes nothing on the server. Errors
 * are shown by the request layer.
 */
export function useAqiCalculation() {
  return useMutation({ mutationFn: (body: AqiRequest) => call(api.calculateAqi, { body }) });
}
