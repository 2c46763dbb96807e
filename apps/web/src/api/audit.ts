/** The audit log (操作日志): queries of @eco/contracts/api/audit. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { auditApi as api } from '@eco/contracts/api/audit';
import type { QueryOf } from '@eco/contracts/api/endpoint';
import { hrefOf, queryOf } from './client';

export type AuditQuery = NonNullable<QueryOf<typeof api.listAuditLog>>;
export type AuditExportQuery = NonNullable<QueryOf<typeof api.exportAuditLog>>;

/** One page of the audit log, newest first; the previous page stays on screen while the next loads. */
export function useAuditLog(query: AuditQuery) {
  return useQuery({ ...queryOf(api.listAuditLog, { query }), placeholderData: keepPreviousData });
}

/** The address of the CSV export of the entries `query` selects. */
export function auditExportHref(query: AuditExportQuery): string {
  return hrefOf(api.exportAuditLog, { query });
}
