/** The audit log (操作日志), docs/product.md §Screens (门户管理): administrators only. */
import { Type } from 'typebox';
import { AuditEntrySchema } from '../audit';
import { IsoTime, paging } from '../common';
import { PageOf } from '../envelope-schemas';
import { OneLine } from '../text';
import { defineEndpoints, signedIn } from './endpoint';

const tags = ['portal management'] as const;

const filters = {
  action: Type.Optional(OneLine({ maxLength: 100, description: 'Exact action, e.g. user.create' })),
  actorAccount: Type.Optional(OneLine({ maxLength: 200, description: 'The actor account, ignoring case' })),
  entityType: Type.Optional(OneLine({ maxLength: 100, description: 'e.g. user, organisation, site_settings' })),
  from: Type.Optional({ ...IsoTime, description: 'At or after this time (ISO 8601 with offset)' }),
  to: Type.Optional({ ...IsoTime, description: 'Before this time (ISO 8601 with offset)' }),
};

export const auditApi = defineEndpoints({
  listAuditLog: {
    method: 'GET',
    path: '/api/audit-log',
    summary: 'The audit log, newest first (administrators)',
    description: 'Every write, sign-in and failed sign-in, with who, when, from which address and what changed (never a secret).',
    tags,
    access: signedIn('admin'),
    query: Type.Object({ ...filters, ...paging(100, 20) }, { additionalProperties: false }),
    response: PageOf(AuditEntrySchema),
    errors: [],
  },
  exportAuditLog: {
    method: 'GET',
    path: '/api/audit-log.csv',
    summary: 'The audit log as CSV, UTF-8 with BOM (administrators)',
    description:
      "The filters of `GET /api/audit-log`; every matching row, newest first. Column headers follow Accept-Language; cells a spreadsheet would read as a formula start with `'`.",
    tags,
    access: signedIn('admin'),
    query: Type.Object(filters, { additionalProperties: false }),
    raw: { mediaTypes: ['text/csv'], description: 'CSV (RFC 4180, CRLF), UTF-8 with a byte-order mark' },
    errors: [],
  },
});
