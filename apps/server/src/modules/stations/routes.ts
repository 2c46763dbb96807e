import type { FastifyInstance } from 'fastify';
import { stationsApi as api } from '@eco/contracts/api/stations';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { getSeries, getStation, listStations } from './service';

/** Air-quality stations: the handlers of the declarations in @eco/contracts/api/stations.ts. */
export async function stationsRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  // the stations of /home's map: from the public figures' cache (http/public-cache.ts), read again after sensing events
  route(app, api.listStations, async (request, reply) => app.publicCache.answer(request, reply, 'sensing', () => listStations(db, paged(request.query))));
  route(app, api.getStation, async ({ params }) => getStation(db, params.code));
  route(app, api.getStationSeries, async ({ params, query }) => getSeries(db, params.code, query));
}
