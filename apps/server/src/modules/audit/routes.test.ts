/**
 * The audit log as an administrator reads it: filters, newest first, pages, the CSV export; and
 * that each audit row is written in the transaction of its change (a write that fails leaves
 * neither).
 */
import { parse } from 'csv-parse/sync';
import { count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@eco/contracts/audit';
import type { Page } from '@eco/contracts/envelope';
import type { SiteSettings } from '@eco/contracts/site';
import { auditLog, users } from '../../db/schema';
import { type Browser, createUser, signedInAs, type TestUser } from '../../test/browser';
import { dataOf, errorOf, getJson, useTestApp } from '../../test/test-app';
import { allAudit, audit } from './service';

const NOW = new Date('2026-11-22T10:30:00+08:00');

/** Rows with known times, actors and content: what the filters are checked against. */
const FIXTURE = [
  { at: '2026-11-20T09:00:00+08:00', actor: 'zhang.wei', action: 'user.create', entityType: 'user', after: { displayName: '张伟' } },
  { at: '2026-11-21T09:00:00+08:00', actor: 'Zhang.Wei', action: 'user.update', entityType: 'user', after: { displayName: '张伟（省林业局）' } },
  { at: '2026-11-21T12:00:00+08:00', actor: 'li.na', action: 'site.update', entityType: 'site_settings', after: { title: '陕西省生态云感知系统' } },
  { at: '2026-11-22T08:00:00+08:00', actor: "=cmd|' /C calc'!A0", action: 'session.sign_in_failed', entityType: 'user', after: { reason: 'unknown_account' } },
] as const;

describe('the audit log', () => {
  const ctx = useTestApp({ now: () => NOW });
  let admin: Browser;
  let adminUser: TestUser;

  beforeAll(async () => {
    ({ browser: admin, user: adminUser } = await signedInAs(ctx.app, ctx.database.db, 'admin'));
    for (const row of FIXTURE) {
      await ctx.database.db.insert(auditLog).values({
        at: new Date(row.at),
        actorId: null,
        actorAccount: row.actor,
        ip: '192.0.2.7',
        action: row.action,
        entityType: row.entityType,
        entityId: null,
        before: null,
        after: row.after,
      });
    }
  });

  const list = async (query = '') => dataOf(await admin.get<Page<AuditEntry>>(`/api/audit-log?${query}`));

  describe('GET /api/audit-log', () => {
    it('answers every row, newest first, with its fields', async () => {
      const page = await list('pageSize=100');
      const [{ n }] = (await ctx.database.db.select({ n: count() }).from(auditLog)) as [{ n: number }];
      expect(page.total).toBe(n);
      const times = page.items.map((e) => Date.parse(e.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      expect(page.items.find((e) => e.action === 'site.update')).toEqual({
        id: expect.any(Number),
        at: '2026-11-21T12:00:00+08:00',
        actorId: null,
        actorAccount: 'li.na',
        ip: '192.0.2.7',
        action: 'site.update',
        entityType: 'site_settings',
        entityId: null,
        before: null,
        after: { title: '陕西省生态云感知系统' },
      });
    });

    it('filters by action, actor account (ignoring case), entity type and time', async () => {
      expect((await list('action=user.update')).items.map((e) => e.actorAccount)).toEqual(['Zhang.Wei']);
      expect((await list('actorAccount=ZHANG.WEI')).items.map((e) => e.action)).toEqual(['user.update', 'user.create']);
      expect((await list('entityType=site_settings')).items.map((e) => e.actorAccount)).toEqual(['li.na']);
      const from = encodeURIComponent('2026-11-21T00:00:00+08:00');
      const to = encodeURIComponent('2026-11-22T00:00:00+08:00');
      expect((await list(`from=${from}&to=${to}`)).items.map((e) => e.action)).toEqual(['site.update', 'user.update']);
      // `from` inclusive, `to` exclusive
      const exact = encodeURIComponent('2026-11-21T12:00:00+08:00');
      expect((await list(`from=${exact}&to=${to}`)).items.map((e) => e.action)).toEqual(['site.update']);
      expect((await list(`from=${from}&to=${exact}`)).items.map((e) => e.action)).toEqual(['user.update']);
      expect((await list('action=no.such')).total).toBe(0);
    });

    it('pages', async () => {
      const all = await list('pageSize=100');
      const second = await list('pageSize=2&page=2');
      expect(second.items.map((e) => e.id)).toEqual(all.items.slice(2, 4).map((e) => e.id));
      expect(second.total).toBe(all.total);
    });

    it.each(['from=yesterday', 'pageSize=101', 'page=0', `action=${encodeURIComponent('a\u0000')}`])('refuses %s with 400', async (query) => {
      const response = await admin.get(`/api/audit-log?${query}`);
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
    });
  });

  describe('GET /api/audit-log.csv', () => {
    async function csv(query = '', headers: Record<string, string> = {}) {
      const response = await ctx.app.inject({
        url: `/api/audit-log.csv?${query}`,
        headers: { cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...headers },
      });
      const body = response.rawPayload;
      return { response, body, text: body.toString('utf8') };
    }

    it('is a UTF-8 CSV attachment with a BOM, a header row, and the Chinese intact', async () => {
      const { response, body, text } = await csv('entityType=user');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toBe('attachment; filename="audit-log-20261122-103000.csv"');
      expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows = parse(text, { bom: true }) as string[][];
      expect(rows[0]).toEqual(['时间', '操作账号', '操作用户 ID', '来源地址', '操作', '对象类型', '对象 ID', '变更前', '变更后']);
      const update = rows.find((r) => r[4] === 'user.update')!;
      expect(update).toEqual(['2026-11-21T09:00:00+08:00', 'Zhang.Wei', '', '192.0.2.7', 'user.update', 'user', '', '', '{"displayName":"张伟（省林业局）"}']);
      // CRLF between records (RFC 4180), which every spreadsheet reads
      expect(text).toContain('\r\n');
    });

    it('has English headers when asked', async () => {
      const rows = parse((await csv('', { 'accept-language': 'en-US' })).text, { bom: true }) as string[][];
      expect(rows[0]).toEqual(['Time', 'Actor account', 'Actor ID', 'Address', 'Action', 'Entity type', 'Entity ID', 'Before', 'After']);
    });

    it('has the rows the same filters give the list, in the same order', async () => {
      for (const query of ['actorAccount=zhang.wei', 'entityType=user', `from=${encodeURIComponent('2026-11-21T00:00:00+08:00')}`, '']) {
        const rows = (parse((await csv(query)).text, { bom: true }) as string[][]).slice(1);
        const listed = await list(`${query}&pageSize=100`);
        expect(
          rows.map((r) => r[4]),
          query,
        ).toEqual(listed.items.map((e) => e.action));
      }
    });

    it('neutralises a cell a spreadsheet would run as a formula', async () => {
      const rows = parse((await csv('action=session.sign_in_failed')).text, { bom: true }) as string[][];
      const fixture = rows.find((r) => r[3] === '192.0.2.7')!;
      expect(fixture[1]).toBe("'=cmd|' /C calc'!A0");
    });

    it('answers 401 and 403 with the envelope', async () => {
      const anonymous = await getJson(ctx.app, '/api/audit-log.csv');
      expect(anonymous.status).toBe(401);
      expect(errorOf(anonymous).errorCode).toBe('NOT_SIGNED_IN');
      const { browser: editor } = await signedInAs(ctx.app, ctx.database.db, 'editor');
      const refused = await editor.get('/api/audit-log.csv');
      expect(refused.status).toBe(403);
      expect(errorOf(refused).errorCode).toBe('FORBIDDEN');
    });

    it('reads the log in batches without losing or repeating a row, even rows of the same instant', async () => {
      const db = ctx.database.db;
      const at = new Date('2026-11-19T08:00:00+08:00');
      for (let i = 0; i < 7; i++) {
        await db
          .insert(auditLog)
          .values({ at, actorId: null, actorAccount: `batch-${i}`, ip: 'local', action: 'test.batch', entityType: 'test', entityId: String(i) });
      }
      const read: string[] = [];
      for await (const entry of allAudit(db, { action: 'test.batch' }, 3)) read.push(entry.entityId!);
      expect(read).toEqual(['6', '5', '4', '3', '2', '1', '0']);
    });
  });

  describe('one transaction for a change and its audit row', () => {
    it('rolls the change back when its audit row cannot be written', async () => {
      const db = ctx.database.db;
      const target = await createUser(db, { role: 'staff', displayName: '原名' });
      await db.execute(sql`alter table audit_log add constraint test_refuse_user_update check (action <> 'user.update') not valid`);
      try {
        const response = await admin.patch(`/api/users/${target.id}`, { displayName: '新名' });
        expect(response.status).toBe(500);
        const [row] = await db.select({ name: users.displayName }).from(users).where(eq(users.id, target.id));
        expect(row!.name).toBe('原名');
      } finally {
        await db.execute(sql`alter table audit_log drop constraint test_refuse_user_update`);
      }
    });

    it('keeps neither the change nor its audit row when the transaction fails after the audit insert', async () => {
      const db = ctx.database.db;
      const site = async () => dataOf(await getJson<SiteSettings>(ctx.app, '/api/site'));
      const before = await site();
      const [{ n: rowsBefore }] = (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'site.update'))) as [{ n: number }];
      // a check that runs at COMMIT, after the audit row was inserted
      await db.execute(sql`create function test_refuse_at_commit() returns trigger language plpgsql as $$ begin raise exception 'refused at commit'; end $$`);
      await db.execute(
        sql`create constraint trigger test_refuse_at_commit after insert on audit_log deferrable initially deferred for each row when (new.action = 'site.update') execute function test_refuse_at_commit()`,
      );
      try {
        const response = await admin.put('/api/site', { ...before, title: '不该留下的标题' });
        expect(response.status).toBe(500);
        expect(await site()).toEqual(before);
        const [{ n: rowsAfter }] = (await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'site.update'))) as [{ n: number }];
        expect(rowsAfter).toBe(rowsBefore);
      } finally {
        await db.execute(sql`drop trigger test_refuse_at_commit on audit_log`);
        await db.execute(sql`drop function test_refuse_at_commit()`);
      }
    });

    it('writes the audit row with the transaction it is given', async () => {
      const db = ctx.database.db;
      await expect(
        db.transaction(async (tx) => {
          await audit(tx, {
            actor: { id: adminUser.id, account: adminUser.account },
            ip: 'local',
            action: 'site.update',
            entityType: 'site_settings',
            entityId: 'rollback-test',
          });
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await db.select().from(auditLog).where(eq(auditLog.entityId, 'rollback-test'))).toEqual([]);
    });
  });
});
