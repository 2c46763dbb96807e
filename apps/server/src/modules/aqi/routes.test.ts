/**
 * `POST /api/tools/aqi` as the calculator on /application-tools and an API client use it: the
 * published AQI of a real hour reproduced, daily mode, the empty record, and bad input refused
 * (strict input, docs/api.md §Input: an unknown name is 400, never a silent `aqi: null`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AqiResultDto } from '@eco/contracts/aqi';
import { hourlyRows, valuesOf } from '../../test/bundled-data';
import { Browser } from '../../test/browser';
import { dataOf, errorOf, useTestApp } from '../../test/test-app';

describe('POST /api/tools/aqi', () => {
  const ctx = useTestApp();
  // a visitor who never signs in nor fetches a CSRF token: the calculator changes nothing, so needs neither
  let visitor: Browser;
  beforeAll(async () => {
    visitor = new Browser(ctx.app);
  });

  async function post(body: unknown, headers: Record<string, string> = {}) {
    return visitor.request<AqiResultDto>('POST', '/api/tools/aqi', body, { headers });
  }

  it('answers a visitor without signing in, not cached for a shared cache to keep', async () => {
    const response = await post({ pm2_5: 35 });
    expect(response.status).toBe(200);
    expect(dataOf(response).aqi).toBe(50);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers an API client without a session or CSRF token, since it changes nothing', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: '/api/tools/aqi', payload: { pm2_5: 35 } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { aqi: 50 } });
  });

  it('refuses a misspelt field with 400 naming it, instead of answering no AQI', async () => {
    const response = await post({ pm25: 10 });
    expect(response.status).toBe(400);
    const error = errorOf(response);
    expect(error.errorCode).toBe('VALIDATION_FAILED');
    expect(error.details?.map((d) => d.field)).toEqual(['body/pm25']);
  });

  it('reproduces the AQI and primary pollutant the national network published for a real hour', async () => {
    // data/cnemc-shaanxi-hourly-2024-01-08T00.csv, 2643A 安康市监测站: published AQI 127, 细颗粒物(PM2.5)
    const response = await post({ so2: 10, no2: 35, co: 0.8, o3: 47, pm10: 118, pm2_5: 96 });
    expect(response.status).toBe(200);
    expect(dataOf(response)).toEqual({
      aqi: 127,
      iaqi: { so2: 4, no2: 18, co: 8, o3: 15, pm10: 84, pm2_5: 127 },
      primaryPollutants: ['pm2_5'],
      level: 3,
      category: { zh: '轻度污染', en: 'Lightly polluted' },
    });
  });

  it('gives the worst fireworks hour of 2023-01-22 its published AQI, 严重污染', async () => {
    const complete = hourlyRows().filter((r) => ['so2', 'no2', 'co', 'o3', 'pm10', 'pm2_5'].every((c) => r[c]?.trim()) && r.aqi?.trim());
    const worst = complete.reduce((a, b) => (Number(b.aqi) > Number(a.aqi) ? b : a));
    const v = valuesOf(worst);
    const result = dataOf(await post({ so2: v.so2, no2: v.no2, co: v.co, o3: v.o3, pm10: v.pm10, pm2_5: v.pm2_5 }));
    expect(result.aqi).toBe(Number(worst.aqi));
    expect(result.level).toBe(6);
    expect(result.category).toEqual({ zh: '严重污染', en: 'Severely polluted' });
  });

  it('reads the 24-hour means in daily mode, and the breakpoint itself stays in the lower band', async () => {
    const result = dataOf(await post({ mode: 'daily', pm2_5_24h: 75, pm10_24h: 50, so2_24h: 10, pm2_5: 400 }));
    // 75 µg/m³ PM2.5 24-hour mean is IAQI 100 exactly (表1); the hourly pm2_5 is not read in daily mode
    expect(result).toEqual({
      aqi: 100,
      iaqi: { so2_24h: 10, pm10_24h: 50, pm2_5_24h: 100 },
      primaryPollutants: ['pm2_5_24h'],
      level: 2,
      category: { zh: '良', en: 'Good' },
    });
  });

  it('answers no AQI, not an error, for a record with no value the mode reads', async () => {
    expect(dataOf(await post({}))).toEqual({ aqi: null, iaqi: {}, primaryPollutants: [], level: null, category: null });
  });

  it.each([
    ['a negative concentration', { pm2_5: -1 }, 'pm2_5'],
    ['a number as text', { pm2_5: '35' }, 'pm2_5'],
    ['an unknown mode', { mode: 'weekly', pm2_5: 35 }, 'mode'],
    ['an absurd concentration', { co: 1e9 }, 'co'],
  ])('refuses %s with 400 VALIDATION_FAILED naming the field', async (_name, body, field) => {
    const response = await post(body, { 'accept-language': 'en-US' });
    expect(response.status).toBe(400);
    const error = errorOf(response);
    expect(error.errorCode).toBe('VALIDATION_FAILED');
    expect(JSON.stringify(error.details)).toContain(field);
  });
});
