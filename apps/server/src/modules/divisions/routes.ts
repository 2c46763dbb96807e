import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Ok } from '@eco/contracts/envelope-schemas';
import { CityBoundariesSchema, DivisionTreeSchema } from '@eco/contracts/divisions';
import type { Db } from '../../db/client';
import { getCityBoundaries, getDivisionTree } from './service';

/** The static geography: `GET /api/divisions` (tree) and `GET /api/city-boundaries` (GeoJSON). */
export const divisionsRoutes: FastifyPluginAsyncTypebox<{ db: Db }> = async (app, { db }) => {
  app.get(
    '/divisions',
    { schema: { tags: ['geography'], summary: 'Province → city → county divisions (统计用区划代码)', response: { 200: Ok(DivisionTreeSchema) } } },
    async () => ({ success: true as const, data: await getDivisionTree(db) }),
  );
  app.get(
    '/city-boundaries',
    { schema: { tags: ['geography'], summary: 'City boundaries, GeoJSON FeatureCollection, WGS-84', response: { 200: Ok(CityBoundariesSchema) } } },
    async (_request, reply) => {
      // boundaries change only with a new data release; let browsers keep them for an hour
      reply.header('cache-control', 'public, max-age=3600');
      return { success: true as const, data: await getCityBoundaries(db) };
    },
  );
};
