import type { FastifyInstance, FastifyRequest } from 'fastify';
import { healthApi as api } from '@eco/contracts/api/health';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../http/app-error';
import { route } from '../../http/route';
import { pendingMigrations, type ShippedMigration, shippedMigrations } from './migrations';

/** 503 DATABASE_UNAVAILABLE (logged) unless the database answers a trivial query. */
async function assertDatabaseAnswers(database: DatabaseHandle, request: FastifyRequest): Promise<void> {
  try {
    await database.ping();
  } catch (error) {
    request.log.error({ err: error }, 'database ping failed');
    throw new AppError('DATABASE_UNAVAILABLE');
  }
}

/**
 * Health (@eco/contracts/api/health.ts), for load balancers and probes; every answer `no-store`
 * (a probe asks for now, never for what a cache kept):
 * - `GET /api/health`: 200 `{ status: 'ok', database }` when the database answers a query, else
 *   503 `DATABASE_UNAVAILABLE`;
 * - `GET /api/health/live`: 200 `{ status: 'ok' }` while the process serves (no database query);
 * - `GET /api/health/ready`: 200 `{ status: 'ok', database, migrations }` when the database answers
 *   and every migration shipped in apps/server/drizzle is applied (migrations.ts), else 503
 *   `DATABASE_UNAVAILABLE` or `DATABASE_MIGRATIONS_PENDING` naming the pending ones.
 */
export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }): Promise<void> {
  // what this server was built with: read once, as the code running does not change either
  const shipped = shippedMigrations();

  route(app, api.getHealth, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await assertDatabaseAnswers(database, request);
    return { status: 'ok' as const, database: database.kind };
  });

  route(app, api.getLiveness, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' as const };
  });

  route(app, api.getReadiness, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await assertDatabaseAnswers(database, request);
    let pending: ShippedMigration[];
    try {
      pending = await pendingMigrations(database.db, shipped);
    } catch (error) {
      request.log.error({ err: error }, 'reading the applied migrations failed');
      throw new AppError('DATABASE_UNAVAILABLE');
    }
    if (pending.length > 0) {
      const names = pending.map((m) => m.tag).join(', ');
      request.log.warn(`not ready: ${pending.length} migration(s) not applied: ${names}`);
      throw new AppError('DATABASE_MIGRATIONS_PENDING', { zh: `${pending.length} 个未执行：${names}`, en: `${pending.length} not applied: ${names}` });
    }
    return { status: 'ok' as const, database: database.kind, migrations: shipped.length };
  });
}
