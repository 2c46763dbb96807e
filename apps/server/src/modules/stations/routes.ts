import type { FastifyInstance } from 'fastify';
import { stationsApi as api } from '@eco/contracts/api/stations';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { getSeries, getStation, listStations } from './service';

/** Air-quality stations: the handlers of the declarations in @eco/contracts/api/stations.ts. */
export async function stationsRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  route(app, api.listStations, async ({ query }) => listStations(db, paged(query)));
  route(app, api.getStation, async ({ params }) => getStation(db, params.code));
  route(app, api.getStationSeries, async ({ params, query }) => getSeries(db, params.code, query));
}
