import type { FastifyInstance } from 'fastify';
import { healthApi as api } from '@eco/contracts/api/health';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../http/app-error';
import { route } from '../../http/route';

/**
 * Health (@eco/contracts/api/health.ts): 200 `{ status: 'ok', database: 'pglite' | 'postgres' }`
 * when the database answers a query; 503 `DATABASE_UNAVAILABLE` when it does not (for load
 * balancers and probes).
 */
export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }): Promise<void> {
  route(app, api.getHealth, async (request, reply) => {
    // a probe asks for now, never for what a cache kept
    reply.header('cache-control', 'no-store');
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'database ping failed');
      throw new AppError('DATABASE_UNAVAILABLE');
    }
    return { status: 'ok' as const, database: database.kind };
  });
}
