import type { FastifyInstance } from 'fastify';
import { auditApi as api } from '@eco/contracts/api/audit';
import type { AuditEntry } from '@eco/contracts/audit';
import type { Db } from '../../db/client';
import { paged } from '../../http/paged';
import { route } from '../../http/route';
import { type CsvColumn, sendCsv } from '../../lib/csv';
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

  route(app, api.exportAuditLog, async (request, reply) => sendCsv(request, reply, { name: 'audit-log', at: now() }, COLUMNS, allAudit(db, request.query)));
}
