import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { Ok, PageOf } from '@eco/contracts/envelope-schemas';
import { REGULATION_STATUSES } from '@eco/contracts/regulation-status';
import { RegulationDetailSchema, RegulationSchema } from '@eco/contracts/regulations';
import type { Db } from '../../db/client';
import { paging } from '../../http/page-query';
import { provinceDate } from '../../lib/time';
import { getRegulation, listRegulationCategories, listRegulations } from './service';

/** Free text without NUL, which PostgreSQL cannot hold in a text value (it would fail the query: 500). */
const NO_NUL = '^[^\\u0000]*$';

const pages = paging(100, 10);

/**
 * `GET /api/technical-regulations` (search, filters, pages), `…/categories`, `…/:id`.
 * Status is derived from the date today in the province (`now` is injectable for tests).
 */
export const regulationsRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    '',
    {
      schema: {
        tags: ['technical regulations'],
        summary: 'Search and filter technical regulations',
        querystring: Type.Object({
          keyword: Type.Optional(Type.String({ maxLength: 100, pattern: NO_NUL, description: 'Substring of code or title' })),
          category: Type.Optional(Type.String({ maxLength: 100, pattern: NO_NUL })),
          status: Type.Optional(Type.Enum(REGULATION_STATUSES, { description: 'current 现行, upcoming 即将实施, repealed 废止' })),
          ...pages.schema,
        }),
        response: { 200: Ok(PageOf(RegulationSchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listRegulations(db, { ...request.query, ...pages.of(request.query) }, provinceDate(now())) }),
  );
  app.get(
    '/categories',
    { schema: { tags: ['technical regulations'], summary: 'Categories in use', response: { 200: Ok(Type.Array(Type.String())) } } },
    async () => ({ success: true as const, data: await listRegulationCategories(db) }),
  );
  app.get(
    '/:id',
    {
      schema: {
        tags: ['technical regulations'],
        summary: 'One regulation with its replacement links',
        params: Type.Object({ id: Type.Integer({ minimum: 1 }) }),
        response: { 200: Ok(RegulationDetailSchema) },
      },
    },
    async (request) => ({ success: true as const, data: await getRegulation(db, request.params.id, provinceDate(now())) }),
  );
};
