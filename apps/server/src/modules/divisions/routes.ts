import type { FastifyInstance } from 'fastify';
import { geographyApi as api } from '@eco/contracts/api/geography';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { getCityBoundaries, getDivisionTree } from './service';

/** The static geography: the handlers of the declarations in @eco/contracts/api/geography.ts. */
export async function divisionsRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  route(app, api.getDivisions, async () => getDivisionTree(db));
  route(app, api.getCityBoundaries, async (request, reply) => {
    // boundaries change only with a new data release; let browsers keep them for an hour
    reply.header('cache-control', 'public, max-age=3600');
    // ~93 KB of JSON: serialised once per cache period and compressed once per change (http/public-cache.ts), not per visitor
    return app.publicCache.answer(request, reply, 'geography', () => getCityBoundaries(db));
  });
}
