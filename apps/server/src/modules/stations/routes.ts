import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AIR_QUALITY_PROPERTY_CODES } from '@eco/contracts/air-quality';
import { IsoTime } from '@eco/contracts/common';
import { Ok, PageOf } from '@eco/contracts/envelope-schemas';
import { SeriesSchema, StationSchema } from '@eco/contracts/stations';
import type { Db } from '../../db/client';
import { paging } from '../../http/page-query';
import { getSeries, getStation, listStations, MAX_SERIES_DAYS } from './service';

const pages = paging(200, 100);
const StationCode = Type.String({ pattern: '^[0-9]{4}A$', description: 'CNEMC station code, e.g. 1462A' });

/** `GET /api/stations` (with latest readings), `…/:code`, `…/:code/series` (hourly values). */
export const stationsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['air quality'],
        summary: 'Air-quality stations with their latest published values',
        querystring: Type.Object({
          city: Type.Optional(Type.String({ pattern: '^[0-9]{4}$', description: '4-digit city division code' })),
          ...pages.schema,
        }),
        response: { 200: Ok(PageOf(StationSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listStations(db, { ...request.query, ...pages.of(request.query) }) }),
  );
  app.get(
    '/:code',
    {
      schema: {
        tags: ['air quality'],
        summary: 'One station with its latest published values',
        params: Type.Object({ code: StationCode }),
        response: { 200: Ok(StationSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await getStation(db, request.params.code) }),
  );
  app.get(
    '/:code/series',
    {
      schema: {
        tags: ['air quality'],
        summary: `Hourly values of one station (at most ${MAX_SERIES_DAYS} days; default the 48 hours up to its newest)`,
        params: Type.Object({ code: StationCode }),
        querystring: Type.Object({
          from: Type.Optional(IsoTime),
          to: Type.Optional(IsoTime),
          properties: Type.Optional(
            Type.Array(Type.Enum(AIR_QUALITY_PROPERTY_CODES), { description: 'Repeat the key: properties=pm2_5&properties=aqi' }),
          ),
        }),
        response: { 200: Ok(SeriesSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await getSeries(db, request.params.code, request.query) }),
  );
};
