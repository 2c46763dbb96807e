/**
 * Notices as editors and readers meet them through the API: the workflow draft → published →
 * withdrawn (and the transitions refused), scheduling by the clock with no restart, reading
 * (search finding two-character Chinese words, filters, order, pages, previous/next, views),
 * attachments (each accepted kind, the refusals leaving nothing behind, download headers), roles
 * and the audit log, and sanitising of hostile rich text.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '@eco/contracts/envelope';
import type { NoticeDetail, NoticeSummary } from '@eco/contracts/notices';
import { auditLog, files, notices } from '../../db/schema';
import { Browser, signedInAs, type TestUser } from '../../test/browser';
import { SAMPLES } from '../../test/sample-files';
import { buildTestApp, dataOf, errorOf } from '../../test/test-app';
import { countRows, createTestDatabase, makeTempDir, removeTempDir, type TestDatabase } from '../../test/test-database';
import { multipartBody } from '../documents/multipart-body';
import { sanitiseNoticeHtml } from './sanitise-html';
import { XSS_PAYLOADS } from './xss-payloads';

/** The upload limit of this file's app: small, so "too large" is cheap to send. */
const MAX_BYTES = 64 * 1024;

describe('notices', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let uploadsDir: string;
  let tmp: string;
  // the clock the app reads; tests move it
  let clock = new Date('2025-03-01T09:00:00+08:00');
  let editor: Browser;
  let editorId: number;
  let admin: Browser;
  let staff: Browser;
  let reader: Browser;
  const people: { editor?: TestUser; admin?: TestUser; staff?: TestUser } = {};

  async function signIn(user: TestUser): Promise<Browser> {
    const browser = new Browser(app);
    await browser.signIn(user.account, user.password);
    await browser.session();
    return browser;
  }

  /** Moves the app's clock; sessions idle longer than 30 minutes end, so everyone signs in again. */
  async function setClock(time: string): Promise<void> {
    clock = new Date(time);
    editor = await signIn(people.editor!);
    admin = await signIn(people.admin!);
    staff = await signIn(people.staff!);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    tmp = makeTempDir('eco-notices-');
    uploadsDir = path.join(tmp, 'uploads');
    app = await buildTestApp(database, () => clock, { uploadsDir, uploadMaxBytes: MAX_BYTES });
    const signedIn = await signedInAs(app, database.db, 'editor', { role: 'editor', account: 'zhang.editor', displayName: '张编辑' });
    editor = signedIn.browser;
    editorId = signedIn.user.id;
    people.editor = signedIn.user;
    const signedInAdmin = await signedInAs(app, database.db, 'admin');
    admin = signedInAdmin.browser;
    people.admin = signedInAdmin.user;
    const signedInStaff = await signedInAs(app, database.db, 'staff');
    staff = signedInStaff.browser;
    people.staff = signedInStaff.user;
    reader = new Browser(app);
    await reader.session();
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    if (tmp) removeTempDir(tmp);
  });

  const db = () => database.db;

  const draft = (overrides: Record<string, unknown> = {}) => ({
    title: '关于做好春季森林防火工作的通知',
    category: 'notice',
    bodyHtml: '<p>各市、县（区）林业主管部门：</p><p>请做好<strong>春季</strong>森林防火工作。</p>',
    pinned: false,
    organisationId: null,
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}, by = editor): Promise<NoticeDetail> {
    const response = await by.post<NoticeDetail>('/api/notices', draft(overrides));
    expect(response.status).toBe(201);
    return dataOf(response);
  }

  async function publish(id: number, publishAt: string | null = null, by = editor) {
    return by.post<NoticeDetail>(`/api/notices/${id}/publish`, { publishAt });
  }

  async function publicList(query = ''): Promise<Page<NoticeSummary>> {
    return dataOf(await reader.get<Page<NoticeSummary>>(`/api/notices?${query}`));
  }

  async function auditActions(id: number): Promise<string[]> {
    const rows = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'notice'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    return rows.map((r) => r.action);
  }

  const filesOnDisk = () =>
    fs.existsSync(uploadsDir)
      ? (fs.readdirSync(uploadsDir, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(uploadsDir, p)).isFile()).sort()
      : [];

  async function upload(id: number, fileName: string, bytes: Buffer, by = editor) {
    const { payload, headers } = multipartBody(fileName, bytes);
    return by.post<NoticeDetail>(`/api/notices/${id}/attachments`, payload, { headers });
  }

  describe('workflow', () => {
    it('creates a draft by the signed-in editor, which readers cannot see', async () => {
      const notice = await create();
      expect(notice).toMatchObject({
        title: '关于做好春季森林防火工作的通知',
        category: 'notice',
        status: 'draft',
        scheduled: false,
        publishAt: null,
        authorName: '张编辑',
        viewCount: 0,
        attachments: [],
      });
      expect((await publicList()).items.map((n) => n.id)).not.toContain(notice.id);
      const response = await reader.get(`/api/notices/${notice.id}`);
      expect(response.status).toBe(404);
      expect(errorOf(response).errorCode).toBe('NOTICE_NOT_FOUND');
      expect(await auditActions(notice.id)).toEqual(['notice.create']);
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'notice.create'), eq(auditLog.entityId, String(notice.id))));
      expect(entry).toMatchObject({
        actorId: editorId,
        actorAccount: 'zhang.editor',
        after: { title: '关于做好春季森林防火工作的通知', category: 'notice', pinned: false },
      });
    });

    it('publishes, withdraws and publishes again, refusing the transitions that make no sense', async () => {
      const { id } = await create({ title: '工作流测试' });
      // a draft cannot be withdrawn
      const early = await editor.post(`/api/notices/${id}/withdraw`);
      expect(early.status).toBe(409);
      expect(errorOf(early).errorCode).toBe('NOTICE_STATE_CONFLICT');

      const published = dataOf(await publish(id));
      expect(published).toMatchObject({ status: 'published', scheduled: false, publishAt: '2025-03-01T09:00:00+08:00' });
      expect((await publicList()).items.map((n) => n.id)).toContain(id);
      // published twice: refused, nothing changes
      const twice = await publish(id, '2030-01-01T00:00:00+08:00');
      expect(twice.status).toBe(409);
      expect(errorOf(twice).errorCode).toBe('NOTICE_STATE_CONFLICT');
      expect(dataOf(await editor.get<NoticeDetail>(`/api/manage/notices/${id}`)).publishAt).toBe('2025-03-01T09:00:00+08:00');
      // a published notice cannot be deleted, only withdrawn
      expect((await editor.delete(`/api/notices/${id}`)).status).toBe(409);

      expect(dataOf(await editor.post<NoticeDetail>(`/api/notices/${id}/withdraw`)).status).toBe('withdrawn');
      expect((await reader.get(`/api/notices/${id}`)).status).toBe(404);
      expect((await publicList()).items.map((n) => n.id)).not.toContain(id);
      expect((await editor.post(`/api/notices/${id}/withdraw`)).status).toBe(409);

      expect(dataOf(await publish(id)).status).toBe('published');
      expect(await auditActions(id)).toEqual(['notice.create', 'notice.publish', 'notice.withdraw', 'notice.publish']);
    });

    it('deletes a draft and records it', async () => {
      const { id } = await create({ title: '将被删除的草稿' });
      expect((await editor.delete(`/api/notices/${id}`)).status).toBe(200);
      expect((await editor.get(`/api/manage/notices/${id}`)).status).toBe(404);
      expect(await auditActions(id)).toEqual(['notice.create', 'notice.delete']);
    });

    it('edits a notice and audits only what changed', async () => {
      const { id } = await create({ title: '待修改' });
      const changed = dataOf(await editor.patch<NoticeDetail>(`/api/notices/${id}`, { title: '已修改', pinned: true }));
      expect(changed).toMatchObject({ title: '已修改', pinned: true, category: 'notice' });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'notice.update'), eq(auditLog.entityId, String(id))));
      expect(entry).toMatchObject({ before: { title: '待修改', pinned: false }, after: { title: '已修改', pinned: true } });
      // the same values again: nothing to record
      await editor.patch(`/api/notices/${id}`, { title: '已修改' });
      expect(await auditActions(id)).toEqual(['notice.create', 'notice.update']);
    });

    it('lets administrators manage notices and refuses staff and anonymous visitors, changing nothing', async () => {
      const mine = await create({ title: '管理员也可以发布' }, admin);
      expect(dataOf(await publish(mine.id, null, admin)).status).toBe('published');
      const before = await countRows(db());
      for (const [who, status, code] of [
        [staff, 403, 'FORBIDDEN'],
        [reader, 401, 'NOT_SIGNED_IN'],
      ] as const) {
        for (const response of [
          await who.post('/api/notices', draft()),
          await who.patch(`/api/notices/${mine.id}`, { title: 'x' }),
          await who.post(`/api/notices/${mine.id}/withdraw`),
          await who.delete(`/api/notices/${mine.id}`),
          await upload(mine.id, 'a.pdf', SAMPLES.pdf(), who),
          await who.get('/api/manage/notices'),
        ]) {
          expect(response.status).toBe(status);
          expect(errorOf(response).errorCode).toBe(code);
        }
      }
      expect(await countRows(db())).toEqual(before);
    });

    it('refuses bad input with 400 and the field, changing nothing', async () => {
      const before = await countRows(db());
      for (const body of [
        draft({ title: '' }),
        draft({ title: '   ' }),
        draft({ title: '两行\n标题' }),
        draft({ title: 'x'.repeat(201) }),
        draft({ category: 'gossip' }),
        draft({ pinned: 'yes' }),
        draft({ bodyHtml: 42 }),
        draft({ bodyHtml: 'a\u0000b' }),
        { title: '缺少字段' },
      ]) {
        const response = await editor.post('/api/notices', body);
        expect(response.status).toBe(400);
        expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      }
      const { id } = await create({ title: '发布时间' });
      const response = await editor.post(`/api/notices/${id}/publish`, { publishAt: '明天上午' });
      expect(response.status).toBe(400);
      expect((await editor.post(`/api/notices/${id}/publish`, {})).status).toBe(400);
      const unknownOrg = await editor.post('/api/notices', draft({ organisationId: 999999 }));
      expect(errorOf(unknownOrg).errorCode).toBe('ORGANISATION_NOT_FOUND');
      expect((await countRows(db())).notices).toBe(before.notices + 1);
    });
  });

  describe('government metadata (文号, 索引号, 发布机构, 成文日期)', () => {
    const metadata = {
      documentNumber: '陕林草发〔2025〕12号',
      indexNumber: '11610000MB2976543X/2025-00012',
      issuingBody: '陕西省林业局',
      writtenOn: '2025-02-28',
    };

    it('keeps what the editor writes and shows it to readers once published', async () => {
      await setClock('2025-03-01T09:00:00+08:00');
      const notice = await create({ title: '带文号的通知', ...metadata });
      expect(notice).toMatchObject(metadata);
      await publish(notice.id);
      expect(dataOf(await reader.get<NoticeDetail>(`/api/notices/${notice.id}`))).toMatchObject(metadata);
      const changed = dataOf(await editor.patch<NoticeDetail>(`/api/notices/${notice.id}`, { documentNumber: '陕林草发〔2025〕13号', writtenOn: null }));
      expect(changed).toMatchObject({ documentNumber: '陕林草发〔2025〕13号', indexNumber: metadata.indexNumber, writtenOn: null });
      const [entry] = await db()
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'notice.update'), eq(auditLog.entityId, String(notice.id))));
      expect(entry).toMatchObject({
        before: { documentNumber: '陕林草发〔2025〕12号', writtenOn: '2025-02-28' },
        after: { documentNumber: '陕林草发〔2025〕13号', writtenOn: null },
      });
    });

    it('leaves them empty when not given: the issuing body is then the organisation', async () => {
      const notice = await create({ title: '没有文号的通知' });
      expect(notice).toMatchObject({ documentNumber: '', indexNumber: '', issuingBody: '', writtenOn: null });
    });

    it('takes today in the province as the date written, even before 08:00 when UTC is still on yesterday', async () => {
      await setClock('2025-03-01T00:30:00+08:00');
      expect((await create({ title: '今天成文', writtenOn: '2025-03-01' })).writtenOn).toBe('2025-03-01');
      await setClock('2025-03-01T09:00:00+08:00');
    });

    it('refuses a date written after today, an impossible date and overlong fields, changing nothing', async () => {
      const { id } = await create({ title: '校验成文日期' });
      const before = await countRows(db());
      const future = await editor.post('/api/notices', draft({ writtenOn: '2025-03-02' }));
      expect(future.status).toBe(400);
      expect(errorOf(future)).toMatchObject({ errorCode: 'NOTICE_WRITTEN_ON_IN_FUTURE' });
      expect(errorOf(future).errorMessage).toContain('成文日期不能晚于今天');
      const patched = await editor.patch(`/api/notices/${id}`, { writtenOn: '2026-01-01' });
      expect(errorOf(patched).errorCode).toBe('NOTICE_WRITTEN_ON_IN_FUTURE');
      for (const body of [
        draft({ writtenOn: '2025-02-30' }),
        draft({ writtenOn: '2025/02/28' }),
        draft({ writtenOn: 20250228 }),
        draft({ documentNumber: 'x'.repeat(101) }),
        draft({ indexNumber: 'x'.repeat(101) }),
        draft({ issuingBody: 'x'.repeat(201) }),
        draft({ documentNumber: '两行\n文号' }),
      ]) {
        const response = await editor.post('/api/notices', body);
        expect(response.status).toBe(400);
        expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      }
      expect(await countRows(db())).toEqual(before);
      expect(dataOf(await editor.get<NoticeDetail>(`/api/manage/notices/${id}`)).writtenOn).toBeNull();
    });
  });

  describe('scheduling', () => {
    it('refuses a time already past instead of publishing backdated, changing nothing; null publishes now', async () => {
      await setClock('2025-03-02T08:00:00+08:00');
      const { id } = await create({ title: '补发的通知' });
      const past = await publish(id, '2025-03-02T07:59:59+08:00');
      expect(past.status).toBe(400);
      expect(errorOf(past).errorCode).toBe('NOTICE_SCHEDULE_IN_PAST');
      expect(errorOf(past).errorMessage).toContain('定时发布的时间已经过去');
      expect(dataOf(await editor.get<NoticeDetail>(`/api/manage/notices/${id}`))).toMatchObject({ status: 'draft', publishAt: null });
      expect(await auditActions(id)).toEqual(['notice.create']);
      expect(dataOf(await publish(id, null))).toMatchObject({ status: 'published', publishAt: '2025-03-02T08:00:00+08:00' });
    });

    it('cancels a scheduled publication: back to a draft readers never see, recorded', async () => {
      await setClock('2025-03-02T08:00:00+08:00');
      const { id } = await create({ title: '取消定时的通知' });
      await publish(id, '2025-03-02T12:00:00+08:00');
      const cancelled = dataOf(await editor.post<NoticeDetail>(`/api/notices/${id}/unschedule`));
      expect(cancelled).toMatchObject({ status: 'draft', scheduled: false, publishAt: null });
      await setClock('2025-03-02T12:00:00+08:00');
      expect((await publicList()).items.map((n) => n.id)).not.toContain(id);
      expect((await reader.get(`/api/notices/${id}`)).status).toBe(404);
      expect(await auditActions(id)).toEqual(['notice.create', 'notice.publish', 'notice.unschedule']);
      // a draft has no schedule to cancel; staff may not
      const again = await editor.post(`/api/notices/${id}/unschedule`);
      expect(again.status).toBe(409);
      expect(errorOf(again).errorCode).toBe('NOTICE_STATE_CONFLICT');
      expect((await staff.post(`/api/notices/${id}/unschedule`)).status).toBe(403);
    });

    it('refuses to cancel once the time has come (readers may have seen it: withdraw instead)', async () => {
      await setClock('2025-03-02T08:00:00+08:00');
      const { id } = await create({ title: '已到时间的定时通知' });
      await publish(id, '2025-03-02T09:00:00+08:00');
      await setClock('2025-03-02T09:00:00+08:00');
      const late = await editor.post(`/api/notices/${id}/unschedule`);
      expect(late.status).toBe(409);
      expect(errorOf(late).errorMessage).toContain('请撤回');
      expect(dataOf(await reader.get<NoticeDetail>(`/api/notices/${id}`)).status).toBe('published');
      expect((await editor.post('/api/notices/999999/unschedule')).status).toBe(404);
    });

    it('shows a notice scheduled for later by itself once its time comes, with no restart', async () => {
      await setClock('2025-03-02T08:00:00+08:00');
      const { id } = await create({ title: '定时发布：护林员培训安排', category: 'announcement' });
      const scheduled = dataOf(await publish(id, '2025-03-02T09:30:00+08:00'));
      expect(scheduled).toMatchObject({ status: 'published', scheduled: true, publishAt: '2025-03-02T09:30:00+08:00' });
      expect((await publicList()).items.map((n) => n.id)).not.toContain(id);
      expect((await reader.get(`/api/notices/${id}`)).status).toBe(404);

      await setClock('2025-03-02T09:29:59+08:00');
      expect((await publicList()).items.map((n) => n.id)).not.toContain(id);
      await setClock('2025-03-02T09:30:00+08:00');
      expect((await publicList()).items[0]).toMatchObject({ id, scheduled: false });
      expect((await reader.get(`/api/notices/${id}`)).status).toBe(200);
    });

    it('withdraws a scheduled notice before it appears', async () => {
      await setClock('2025-03-02T10:00:00+08:00');
      const { id } = await create({ title: '撤回的定时通知' });
      await publish(id, '2025-03-03T00:00:00+08:00');
      expect(dataOf(await editor.post<NoticeDetail>(`/api/notices/${id}/withdraw`)).status).toBe('withdrawn');
      await setClock('2025-03-04T00:00:00+08:00');
      expect((await publicList()).items.map((n) => n.id)).not.toContain(id);
    });
  });

  describe('reading', () => {
    const ids: Record<string, number> = {};

    beforeAll(async () => {
      await db().delete(notices);
      const items = [
        { key: 'fire', title: '森林防火紧急通知', category: 'notice', at: '2025-04-01T10:00:00+08:00', body: '<p>进入防火期。</p>' },
        {
          key: 'bodyOnly',
          title: '关于清明节期间安全工作的公告',
          category: 'announcement',
          at: '2025-04-02T10:00:00+08:00',
          body: '<p>严禁野外用火，做好<b>防火</b>巡查。</p>',
        },
        { key: 'news', title: '秦岭红外相机拍到大熊猫', category: 'news', at: '2025-04-03T10:00:00+08:00', body: '<p>工作动态。</p>' },
        { key: 'pinned', title: '置顶：系统使用说明', category: 'notice', at: '2025-01-05T10:00:00+08:00', body: '<p>说明</p>', pinned: true },
        // 23:30 on 10 April in the province is still 10 April, though 15:30 UTC
        { key: 'lateNight', title: '夜间发布的公告', category: 'announcement', at: '2025-04-10T23:30:00+08:00', body: '<p>夜</p>' },
        { key: 'wildcard', title: '100% 完成 a_b 任务', category: 'news', at: '2025-04-11T10:00:00+08:00', body: '<p>统计</p>' },
      ];
      // before every publish time below: each is scheduled, never backdated
      await setClock('2025-01-01T09:00:00+08:00');
      for (const item of items) {
        const { id } = await create({ title: item.title, category: item.category, bodyHtml: item.body, pinned: item.pinned ?? false });
        await publish(id, item.at);
        ids[item.key] = id;
      }
      // a draft mentioning 防火 must never be found by readers
      await create({ title: '防火草稿' });
      await setClock('2025-05-01T09:00:00+08:00');
    });

    it('lists pinned first, then newest published first, with the total', async () => {
      const page = await publicList();
      expect(page.items.map((n) => n.id)).toEqual([ids.pinned, ids.wildcard, ids.lateNight, ids.news, ids.bodyOnly, ids.fire]);
      expect(page.total).toBe(6);
      expect(page.items[0]).toMatchObject({ pinned: true, organisationName: null, authorName: '张编辑', attachmentCount: 0 });
    });

    it('pages through the list', async () => {
      const first = await publicList('pageSize=4');
      const second = await publicList('pageSize=4&page=2');
      expect([first.items.length, second.items.length, first.total, second.page]).toEqual([4, 2, 6, 2]);
      expect(new Set([...first.items, ...second.items].map((n) => n.id)).size).toBe(6);
      expect((await reader.get('/api/notices?pageSize=101')).status).toBe(400);
    });

    it('finds the two-character Chinese word 防火 in titles and in bodies, never in drafts', async () => {
      const page = await publicList(`keyword=${encodeURIComponent('防火')}`);
      expect(page.items.map((n) => n.id).sort()).toEqual([ids.fire, ids.bodyOnly].sort());
    });

    it('matches % and _ literally', async () => {
      expect((await publicList(`keyword=${encodeURIComponent('100%')}`)).items.map((n) => n.id)).toEqual([ids.wildcard]);
      expect((await publicList(`keyword=${encodeURIComponent('a_b')}`)).items.map((n) => n.id)).toEqual([ids.wildcard]);
      expect((await publicList(`keyword=${encodeURIComponent('%')}`)).items.map((n) => n.id)).toEqual([ids.wildcard]);
      expect((await publicList(`keyword=${encodeURIComponent('_')}`)).total).toBe(1);
    });

    it('filters by category and by days of the province calendar, both ends included', async () => {
      expect((await publicList('category=announcement')).items.map((n) => n.id)).toEqual([ids.lateNight, ids.bodyOnly]);
      expect((await publicList('from=2025-04-02&to=2025-04-10')).items.map((n) => n.id)).toEqual([ids.lateNight, ids.news, ids.bodyOnly]);
      expect((await publicList('from=2025-04-11')).items.map((n) => n.id)).toEqual([ids.wildcard]);
      expect((await publicList(`category=news&keyword=${encodeURIComponent('大熊猫')}`)).items.map((n) => n.id)).toEqual([ids.news]);
      expect((await reader.get('/api/notices?from=2025-13-01')).status).toBe(400);
      expect((await reader.get('/api/notices?category=rumour')).status).toBe(400);
    });

    it('opens a notice in full with the newer and older ones, counting each view', async () => {
      const first = dataOf(await reader.get<NoticeDetail>(`/api/notices/${ids.news}`));
      expect(first).toMatchObject({
        id: ids.news,
        bodyHtml: '<p>工作动态。</p>',
        viewCount: 1,
        newer: { id: ids.lateNight, title: '夜间发布的公告', publishAt: '2025-04-10T23:30:00+08:00' },
        older: { id: ids.bodyOnly },
      });
      expect(dataOf(await reader.get<NoticeDetail>(`/api/notices/${ids.news}`)).viewCount).toBe(2);
      // editors' reads do not count
      expect(dataOf(await editor.get<NoticeDetail>(`/api/manage/notices/${ids.news}`)).viewCount).toBe(2);
      const oldest = dataOf(await reader.get<NoticeDetail>(`/api/notices/${ids.pinned}`));
      expect(oldest.older).toBeNull();
      const newest = dataOf(await reader.get<NoticeDetail>(`/api/notices/${ids.wildcard}`));
      expect(newest.newer).toBeNull();
    });

    it('lists every status for editors, filtered by status', async () => {
      const drafts = dataOf(await editor.get<Page<NoticeSummary>>('/api/manage/notices?status=draft'));
      expect(drafts.items.map((n) => n.title)).toEqual(['防火草稿']);
      const all = dataOf(await editor.get<Page<NoticeSummary>>('/api/manage/notices?pageSize=100'));
      expect(all.total).toBe(7);
    });
  });

  describe('attachments', () => {
    let noticeId: number;

    beforeAll(async () => {
      await setClock('2025-05-01T09:00:00+08:00');
      noticeId = (await create({ title: '附件测试' })).id;
    });

    it.each([
      ['通知附件.pdf', SAMPLES.pdf, 'application/pdf'],
      ['报名表.docx', SAMPLES.docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      ['统计表.xlsx', SAMPLES.xlsx, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      ['旧版文档.doc', SAMPLES.doc, 'application/x-cfb'],
      ['现场照片.png', SAMPLES.png, 'image/png'],
      ['现场照片.jpg', SAMPLES.jpeg, 'image/jpeg'],
      ['资料包.zip', SAMPLES.zip, 'application/zip'],
    ])('accepts %s, recognised from its content, with its name intact', async (fileName, bytes, mime) => {
      const response = await upload(noticeId, fileName, bytes());
      expect(response.status).toBe(201);
      const attachment = dataOf(response).attachments.at(-1)!;
      expect(attachment).toMatchObject({ fileName, mime, size: bytes().length, url: `/api/notices/${noticeId}/attachments/${attachment.id}` });
      expect(fs.readFileSync(path.join(uploadsDir, attachment.sha256.slice(0, 2), attachment.sha256))).toEqual(bytes());
    });

    it('records each upload in the audit log', async () => {
      const actions = await auditActions(noticeId);
      expect(actions.filter((a) => a === 'notice.attachment.add')).toHaveLength(7);
    });

    it.each([
      ['an executable renamed to .pdf', '发票.pdf', SAMPLES.exe(), 415, 'UPLOAD_TYPE_NOT_ALLOWED'],
      ['plain text renamed to .docx', '说明.docx', Buffer.from('只是一段文字\n'), 415, 'UPLOAD_TYPE_NOT_ALLOWED'],
      ['HTML renamed to .png', 'x.png', Buffer.from('<html><script>alert(1)</script></html>'), 415, 'UPLOAD_TYPE_NOT_ALLOWED'],
      [
        'a file one byte over the limit',
        '大文件.pdf',
        Buffer.concat([SAMPLES.pdf(), Buffer.alloc(MAX_BYTES + 1 - SAMPLES.pdf().length, 0x20)]),
        413,
        'UPLOAD_TOO_LARGE',
      ],
      ['an empty file', '空文件.pdf', Buffer.alloc(0), 400, 'UPLOAD_EMPTY'],
    ])('refuses %s, leaving no file and no row', async (_what, fileName, bytes, status, code) => {
      const before = await countRows(db());
      const disk = filesOnDisk();
      const response = await upload(noticeId, fileName, bytes);
      expect(response.status).toBe(status);
      expect(errorOf(response).errorCode).toBe(code);
      expect(await countRows(db())).toEqual(before);
      expect(filesOnDisk()).toEqual(disk);
    });

    it('names the size limit as people read it (64 KB here, not a count of bytes)', async () => {
      const response = await upload(noticeId, '大文件.pdf', Buffer.concat([SAMPLES.pdf(), Buffer.alloc(MAX_BYTES + 1 - SAMPLES.pdf().length, 0x20)]));
      expect(errorOf(response).errorMessage).toBe('上传的文件超过大小上限：64 KB');
    });

    it('accepts a file exactly at the limit', async () => {
      const atLimit = Buffer.concat([SAMPLES.pdf(), Buffer.alloc(MAX_BYTES - SAMPLES.pdf().length, 0x20)]);
      expect((await upload(noticeId, '正好.pdf', atLimit)).status).toBe(201);
    });

    it('refuses a request without a file, and an upload to a notice that does not exist, leaving nothing', async () => {
      const before = await countRows(db());
      const disk = filesOnDisk();
      const json = await editor.post(`/api/notices/${noticeId}/attachments`, { file: 'x' });
      expect([400, 415]).toContain(json.status);
      const missing = await upload(999999, '孤儿.pdf', Buffer.concat([SAMPLES.pdf(), Buffer.from('% orphan')]));
      expect(missing.status).toBe(404);
      expect(errorOf(missing).errorCode).toBe('NOTICE_NOT_FOUND');
      expect(await countRows(db())).toEqual(before);
      expect(filesOnDisk()).toEqual(disk);
    });

    it('stores the same content once, and removing one attachment keeps the file another uses', async () => {
      const bytes = Buffer.concat([SAMPLES.pdf(), Buffer.from('% shared')]);
      const first = dataOf(await upload(noticeId, '共用一.pdf', bytes)).attachments.at(-1)!;
      const second = dataOf(await upload(noticeId, '共用二.pdf', bytes)).attachments.at(-1)!;
      expect(first.sha256).toBe(second.sha256);
      const [{ n } = { n: 0 }] = await db().select({ n: count() }).from(files).where(eq(files.sha256, first.sha256));
      expect(n).toBe(1);
      const after = dataOf(await editor.delete<NoticeDetail>(`/api/notices/${noticeId}/attachments/${first.id}`));
      expect(after.attachments.map((a) => a.id)).not.toContain(first.id);
      expect((await editor.get(first.url)).status).toBe(404);
      const download = await editor.get(second.url);
      expect(download.status, download.raw).toBe(200);
      expect(Buffer.from(download.raw, 'latin1').length).toBe(bytes.length);
      expect(await auditActions(noticeId)).toContain('notice.attachment.remove');
    });

    it('downloads with the original Chinese name as an attachment, never sniffed or run', async () => {
      const detail = dataOf(await editor.get<NoticeDetail>(`/api/manage/notices/${noticeId}`));
      const docx = detail.attachments.find((a) => a.fileName === '报名表.docx')!;
      const response = await editor.get(docx.url);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="???.docx"; filename*=UTF-8''${encodeURIComponent('报名表')}.docx`);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toContain('sandbox');
      // asking for inline does not make a Word file inline
      expect((await editor.get(`${docx.url}?disposition=inline`)).headers['content-disposition']).toMatch(/^attachment;/);
    });

    it('previews a PDF inline, framable only by the portal itself', async () => {
      const detail = dataOf(await editor.get<NoticeDetail>(`/api/manage/notices/${noticeId}`));
      const pdf = detail.attachments.find((a) => a.fileName === '通知附件.pdf')!;
      const response = await editor.get(`${pdf.url}?disposition=inline`);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toMatch(/^inline; filename=/);
      expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    });

    it('serves attachments to readers only once the notice is visible', async () => {
      const detail = dataOf(await editor.get<NoticeDetail>(`/api/manage/notices/${noticeId}`));
      const url = detail.attachments[0]!.url;
      const hidden = await reader.get(url);
      expect(hidden.status).toBe(404);
      expect(errorOf(hidden).errorCode).toBe('DOCUMENT_NOT_FOUND');
      await publish(noticeId);
      expect((await reader.get(url)).status).toBe(200);
      expect(dataOf(await reader.get<NoticeDetail>(`/api/notices/${noticeId}`)).attachments.length).toBe(detail.attachments.length);
      expect((await reader.get(`/api/notices/${noticeId}/attachments/999999`)).status).toBe(404);
    });
  });

  describe('rich text safety', () => {
    it('stores hostile HTML without scripts, event handlers or javascript: URLs, keeping the text', async () => {
      // all payloads in one body: one request instead of hundreds
      const bodyHtml = XSS_PAYLOADS.map((p, i) => `<p>第${i}段</p>${p}`).join('\n');
      const created = dataOf(await editor.post<NoticeDetail>('/api/notices', draft({ title: 'XSS 测试', bodyHtml })));
      const [row] = await db().select().from(notices).where(eq(notices.id, created.id));
      for (const html of [created.bodyHtml, row!.bodyHtml]) {
        expect(html).not.toMatch(/<script|<iframe|<object|<embed|<svg|<img|<style|<form|<meta|<link|<base/i);
        expect(html).not.toMatch(/\son[a-z]+\s*=/i);
        expect(html).not.toMatch(/javascript:|vbscript:|data:text/i);
      }
      // what is stored is what the sanitiser makes of it (an unclosed <textarea> or <title> in a payload swallows what follows)
      expect(row!.bodyHtml).toBe(sanitiseNoticeHtml(bodyHtml).html);
      expect(row!.bodyText.startsWith('第0段')).toBe(true);
      // a title is text, stored exactly and escaped by whoever renders it
      const titled = dataOf(await editor.post<NoticeDetail>('/api/notices', draft({ title: '<img src=x onerror=alert(1)>' })));
      expect(titled.title).toBe('<img src=x onerror=alert(1)>');
    });

    it('keeps the formatting the editor produces, and makes links open safely', async () => {
      const bodyHtml =
        '<h2>一、总体要求</h2><p><strong>加粗</strong><em>斜体</em><u>下划线</u><s>删除</s></p><ul><li>一</li></ul><ol><li>二</li></ol><blockquote><p>引用</p></blockquote><p><a href="https://www.forestry.gov.cn/">国家林草局</a></p>';
      const created = dataOf(await editor.post<NoticeDetail>('/api/notices', draft({ bodyHtml })));
      expect(created.bodyHtml).toBe(
        bodyHtml.replace('<a href="https://www.forestry.gov.cn/">', '<a href="https://www.forestry.gov.cn/" target="_blank" rel="noopener noreferrer">'),
      );
    });
  });
});
