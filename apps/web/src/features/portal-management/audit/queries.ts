import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@eco/contracts/audit';
import type { Page } from '@eco/contracts/envelope';
import { request } from '../../../request/request';
import { auditApiParams, type AuditFilters } from './audit-query';

/** One page of the audit log, newest first; the previous page stays on screen while the next loads. */
export function useAuditLog(filters: AuditFilters, pageSize: number) {
  return useQuery({
    queryKey: ['portal-management', 'audit', filters, pageSize],
    queryFn: () => request<Page<AuditEntry>>('api/audit-log', { params: auditApiParams(filters, pageSize) }),
    placeholderData: keepPreviousData,
  });
}
