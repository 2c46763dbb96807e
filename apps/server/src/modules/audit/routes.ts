import { pipeline, Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { stringify } from 'csv-stringify';
import { Type } from 'typebox';
import { AuditEntrySchema, type AuditEntry } from '@eco/contracts/audit';
import { IsoTime } from '@eco/contracts/common';
import { Ok, PageOf } from '@eco/contracts/envelope-schemas';
import { adminOnly } from '../../auth/guards';
import type { Db } from '../../db/client';
import { requestLocale } from '../../http/locale';
import { paging } from '../../http/page-query';
import { SINGLE_LINE } from '../../http/text';
import { fileStamp } from '../../lib/time';
import { allAudit, listAudit } from './service';

const pages = paging(100, 20);

const filters = {
  action: Type.Optional(Type.String({ maxLength: 100, pattern: SINGLE_LINE, description: 'Exact action, e.g. user.create' })),
  actorAccount: Type.Optional(Type.String({ maxLength: 200, pattern: SINGLE_LINE, description: 'The actor account, ignoring case' })),
  entityType: Type.Optional(Type.String({ maxLength: 100, pattern: SINGLE_LINE, description: 'e.g. user, organisation, site_settings' })),
  from: Type.Optional(IsoTime),
  to: Type.Optional(IsoTime),
};

/** CSV columns: field and the header in each language. */
const COLUMNS: { key: keyof AuditEntry; zh: string; en: string }[] = [
  { key: 'at', zh: '时间', en: 'Time' },
  { key: 'actorAccount', zh: '操作账号', en: 'Actor account' },
  { key: 'actorId', zh: '操作用户 ID', en: 'Actor ID' },
  { key: 'ip', zh: '来源地址', en: 'Address' },
  { key: 'action', zh: '操作', en: 'Action' },
  { key: 'entityType', zh: '对象类型', en: 'Entity type' },
  { key: 'entityId', zh: '对象 ID', en: 'Entity ID' },
  { key: 'before', zh: '变更前', en: 'Before' },
  { key: 'after', zh: '变更后', en: 'After' },
];

/**
 * A cell that a spreadsheet would read as a formula (`=`, `+`, `-`, `@`, tab, CR first) gets a
 * leading `'` (OWASP, "CSV Injection"): the log holds text typed by anyone, e.g. failed sign-ins.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/**
 * `GET /api/audit-log` (filters, newest first, pages) and `GET /api/audit-log.csv` (the same
 * filters, every matching row): administrators only.
 */
export const auditRoutes: FastifyPluginAsyncTypebox<{ db: Db; now: () => Date }> = async (app, { db, now }) => {
  app.get(
    '/audit-log',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['portal management'],
        summary: 'The audit log, newest first (administrators)',
        querystring: Type.Object({ ...filters, ...pages.schema }),
        response: { 200: Ok(PageOf(AuditEntrySchema)) },
      },
    },
    async (request) => ({ success: true as const, data: await listAudit(db, { ...request.query, ...pages.of(request.query) }) }),
  );

  app.get(
    '/audit-log.csv',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['portal management'],
        summary: 'The audit log as CSV, UTF-8 with BOM (administrators)',
        description: 'Same filters as /api/audit-log; every matching row, newest first. Column headers follow Accept-Language.',
        querystring: Type.Object(filters),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const zh = requestLocale(request) === 'zh-CN';
      const csv = stringify({
        // Excel reads a UTF-8 file as the local ANSI code page unless it starts with a BOM
        bom: true,
        header: true,
        // CRLF between records, as RFC 4180 has it
        record_delimiter: 'windows',
        columns: COLUMNS.map((c) => ({ key: c.key, header: zh ? c.zh : c.en })),
        cast: {
          string: neutraliseFormula,
          object: (value) => JSON.stringify(value),
        },
      });
      // a failure part-way (the database went away) aborts the download rather than ending it short
      pipeline(Readable.from(allAudit(db, request.query)), csv, (error) => {
        if (error) request.log.error({ err: error }, 'audit log export failed');
      });
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="audit-log-${fileStamp(now())}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );
};
