/** Schema pieces shared by several DTOs and endpoint declarations. */
import { Type } from 'typebox';

/**
 * The years a time or date on the wire may fall in (docs/api.md §Times): the bundled data start
 * in 2000 and the oldest regulations were issued in the 1980s; anything outside is a typing or
 * clock error, refused with 400 rather than handed to the database.
 */
export const YEAR_RANGE = { min: 1900, max: 2099 } as const;
/** A string starting with a year of {@link YEAR_RANGE}. */
export const YEAR_PREFIX = '^(19|20)[0-9]{2}-';

/** ISO 8601 time with offset, e.g. `2023-01-21T23:00:00+08:00` (the server writes +08:00), years 1900–2099. */
export const IsoTime = Type.String({ format: 'date-time', pattern: YEAR_PREFIX, description: 'ISO 8601 with offset, years 1900–2099' });
/** Calendar date `YYYY-MM-DD`, years 1900–2099. */
export const IsoDate = Type.String({ format: 'date', pattern: YEAR_PREFIX, description: 'YYYY-MM-DD, years 1900–2099' });

/** The largest value of a PostgreSQL `integer` (serial ids). */
export const INT32_MAX = 2_147_483_647;
/** A row id: 1 to 2 147 483 647. */
export const Id = Type.Integer({ minimum: 1, maximum: INT32_MAX });
/** Path parameters `{ id }`. */
export const ById = Type.Object({ id: Id });

/**
 * Paging of a list endpoint (docs/api.md §Lists): `page` from 1 (default 1), `pageSize` from 1 to
 * `max` (default `defaultSize`). Spread into the query object of the declaration.
 */
export function paging(max: number, defaultSize: number) {
  return {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1, description: 'Page number, from 1' })),
    pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: max, default: defaultSize, description: `Items per page, 1–${max}, default ${defaultSize}` })),
  };
}
