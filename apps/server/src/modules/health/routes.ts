import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Ok } from '@eco/contracts/envelope-schemas';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../http/app-error';

/**
 * `GET /api/health`: 200 `{ status: 'ok', database: 'pglite' | 'postgres' }` when the database
 * answers a query; 503 `DATABASE_UNAVAILABLE` when it does not (for load balancers and probes).
 */
export const healthRoutes: FastifyPluginAsyncTypebox<{ database: DatabaseHandle }> = async (app, { database }) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability',
        response: { 200: Ok(Type.Object({ status: Type.Literal('ok'), database: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]) })) },
      },
    },
    async (request) => {
      try {
        await database.ping();
      } catch (error) {
        request.log.error({ err: error }, 'database ping failed');
        throw new AppError('DATABASE_UNAVAILABLE');
      }
      return { success: true as const, data: { status: 'ok' as const, database: database.kind } };
    },
  );
};
