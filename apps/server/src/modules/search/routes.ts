import type { FastifyInstance } from 'fastify';
import { searchApi as api } from '@eco/contracts/api/search';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { search } from './service';

/**
 * Site-wide search (站内搜索): the handler of @eco/contracts/api/search.ts. Public; which notices
 * are visible depends on the clock (`now` is injectable for tests).
 */
export async function searchRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }): Promise<void> {
  route(app, api.search, async (request) => search(db, request.query.q ?? '', now()));
}
