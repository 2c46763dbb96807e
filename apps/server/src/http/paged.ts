/**
 * The page a list request asks for. The declaration's query (`paging()` of
 * @eco/contracts/common.ts) gives `page` and `pageSize` defaults, which validation fills in
 * (Ajv's `useDefaults`), so both are always there by the time a handler runs.
 */
export function paged<Q extends { page?: number; pageSize?: number }>(query: Q): Q & { page: number; pageSize: number } {
  const { page, pageSize } = query;
  if (page === undefined || pageSize === undefined) throw new Error('paging defaults were not applied: is the query declared with paging()?');
  return { ...query, page, pageSize };
}
