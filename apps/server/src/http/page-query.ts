import { Type } from 'typebox';

/**
 * Paging of a list endpoint (docs/api.md §Lists): `page` from 1
 * (default 1), `pageSize` from 1 to `max` (default `defaultSize`). Both are optional in the
 * query; `of(query)` gives the values with the defaults applied.
 */
export function paging(max: number, defaultSize: number) {
  return {
    schema: {
      page: Type.Optional(Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1' })),
      pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: max, default: defaultSize, description: `Items per page, at most ${max}` })),
    },
    of: (query: { page?: number; pageSize?: number }) => ({ page: query.page ?? 1, pageSize: query.pageSize ?? defaultSize }),
  };
}
