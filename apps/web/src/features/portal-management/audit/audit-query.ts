/**
 * The audit log's filters: read from the address (`?section=audit&action=&actor=&entity=&from=&to=&page=`),
 * turned into the API's query (`GET /api/audit-log`, and the same filters for the CSV export).
 * Dates in the address are the visitor's calendar days (`YYYY-MM-DD`); the API gets the start of
 * the first day and the end of the last, as ISO 8601 times with the visitor's offset.
 */
import dayjs from 'dayjs';
import { auditExportHref, type AuditExportQuery, type AuditQuery } from '../../../api/audit';

export interface AuditFilters {
  action?: string;
  actor?: string;
  entityType?: string;
  /** first day, `YYYY-MM-DD` */
  from?: string;
  /** last day (inclusive), `YYYY-MM-DD` */
  to?: string;
  page: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (value: string | null): string | undefined => (value && DAY.test(value) && dayjs(value).format('YYYY-MM-DD') === value ? value : undefined);
const text = (value: string | null, max = 100): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

/** The filters in `params`; malformed values (a bad date, page 0) are ignored. */
export function auditFiltersFrom(params: URLSearchParams): AuditFilters {
  let from = validDay(params.get('from'));
  let to = validDay(params.get('to'));
  if (from && to && from > to) [from, to] = [to, from];
  const page = Number(params.get('page'));
  return {
    action: text(params.get('action')),
    actor: text(params.get('actor')),
    entityType: text(params.get('entity')),
    from,
    to,
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query of `GET /api/audit-log` (and, without paging, of the CSV export) for `filters`. */
export function auditApiParams(filters: AuditFilters): AuditExportQuery;
export function auditApiParams(filters: AuditFilters, pageSize: number): AuditQuery;
export function auditApiParams(filters: AuditFilters, pageSize?: number): AuditQuery {
  return {
    action: filters.action,
    actorAccount: filters.actor,
    entityType: filters.entityType,
    // the visitor's days, with their offset: 00:00:00.000 of the first, 23:59:59.999 of the last
    from: filters.from ? dayjs(filters.from).startOf('day').format('YYYY-MM-DDTHH:mm:ss.SSSZ') : undefined,
    to: filters.to ? dayjs(filters.to).endOf('day').format('YYYY-MM-DDTHH:mm:ss.SSSZ') : undefined,
    ...(pageSize !== undefined ? { page: filters.page, pageSize } : {}),
  };
}

/** The address of the CSV export with the same filters (relative to the page, like every API call). */
export function auditCsvUrl(filters: AuditFilters): string {
  return auditExportHref(auditApiParams(filters));
}
