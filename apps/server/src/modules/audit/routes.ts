import { pipeline, Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { auditApi as api } from '@eco/contracts/api/audit';
import type { AuditEntry } from '@eco/contracts/audit';
import type { Db } from '../../db/client';
import { requestLocale } from '../../http/locale';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { type CsvColumn, csvStringifier } from '../../lib/csv';
import { fileStamp } from '../../lib/time';
import { allAudit, listAudit } from './service';

/** CSV columns: field and the header in each language. */
const COLUMNS: CsvColumn<keyof AuditEntry>[] = [
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

/** The audit log: the handlers of @eco/contracts/api/audit.ts. */
export async function auditRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }): Promise<void> {
  route(app, api.listAuditLog, async ({ query }) => listAudit(db, paged(query)));

  route(app, api.exportAuditLog, async (request, reply) => {
    const zh = requestLocale(request) === 'zh-CN';
    const csv = csvStringifier(COLUMNS, zh);
    // a failure part-way (the database went away) aborts the download rather than ending it short
    pipeline(Readable.from(allAudit(db, request.query)), csv, (error) => {
      if (error) request.log.error({ err: error }, 'audit log export failed');
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="audit-log-${fileStamp(now())}.csv"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });
}
