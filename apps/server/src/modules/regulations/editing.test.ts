/**
 * Editing the regulations library through the API: create, edit, retire, replace; codes validated
 * and unique; status derived (never typed) from dates, replacement and retirement; documents
 * attached, downloaded with their names and previewed; roles and the audit log on every write.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegulationDetail } from '@eco/contracts/regulations';
import { auditLog } from '../../db/schema';
import { Browser, signedInAs, type TestUser } from '../../test/browser';
import { SAMPLES } from '../../test/sample-files';
import { buildTestApp, dataOf, errorOf } from '../../test/test-app';
import { countRows, createTestDatabase, makeTempDir, removeTempDir, type TestDatabase } from '../../test/test-database';
import { multipartBody } from '../documents/multipart-body';

const LIST = '/api/technical-regulations';

describe('editing technical regulations', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let tmp: string;
  let clock = new Date('2024-06-01T10:00:00+08:00');
  let editor: Browser;
  let editorUser: TestUser;
  let reader: Browser;

  /** Moves the app's clock; sessions idle longer than 30 minutes end, so the editor signs in again. */
  async function setClock(time: string): Promise<void> {
    clock = new Date(time);
    editor = new Browser(app);
    await editor.signIn(editorUser.account, editorUser.password);
    await editor.session();
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    tmp = makeTempDir('eco-regulations-');
    app = await buildTestApp(database, () => clock, { uploadsDir: path.join(tmp, 'uploads') });
    ({ browser: editor, user: editorUser } = await signedInAs(app, database.db, 'editor', { role: 'editor', account: 'li.editor' }));

    reader = new Browser(app);
    await reader.session();
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    if (tmp) removeTempDir(tmp);
  });

  const body = (overrides: Record<string, unknown> = {}) => ({
    code: 'LY/T 2581-2016',
    title: '森林防火视频监控系统技术规范',
    category: '森林防火',
    issuer: '国家林业局',
    issuedOn: '2016-01-18',
    effectiveOn: '2016-06-01',
    replacesCode: null,
    abolishedOn: null,
    ...overrides,
  });

  async function create(overrides: Record<string, unknown> = {}): Promise<RegulationDetail> {
    const response = await editor.post<RegulationDetail>(LIST, body(overrides));
    expect(response.status).toBe(201);
    return dataOf(response);
  }

  const detail = async (id: number) => dataOf(await reader.get<RegulationDetail>(`${LIST}/${id}`));

  async function auditActions(id: number): Promise<string[]> {
    const rows = await database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'regulation'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id);
    return rows.map((r) => r.action);
  }

  it('creates a regulation whose status is derived from its dates, and audits it', async () => {
    const created = await create();
    expect(created).toMatchObject({ code: 'LY/T 2581-2016', status: 'current', replaces: null, replacedBy: [], documents: [], abolishedOn: null });
    const upcoming = await create({ code: 'HJ 1300-2025', title: '未来实施的规范', issuedOn: '2024-05-01', effectiveOn: '2025-01-01' });
    expect(upcoming.status).toBe('upcoming');
    expect(await auditActions(created.id)).toEqual(['regulation.create']);
  });

  it.each(['GB/T 28181-2022', 'LY/T 2581-2017', 'HJ 633-2012', 'DB61/T 1234-2019', 'GB/T 33776.602-2017', 'GB 50016-2014'])(
    'accepts the code %s',
    async (code) => {
      expect((await editor.post(LIST, body({ code, title: `规范 ${code}` }))).status).toBe(201);
    },
  );

  it.each(['GB/T28181-2022', 'gb/t 28181-2022', 'LY/T 2581', 'HJ 633-12', 'DB6/T 1-2019', '防火规范', '', '   ', 'GB/T 28181—2022'])(
    'refuses the code %j with 400, changing nothing',
    async (code) => {
      const before = await countRows(database.db);
      const response = await editor.post(LIST, body({ code }));
      expect(response.status).toBe(400);
      expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
      expect(await countRows(database.db)).toEqual(before);
    },
  );

  it('refuses a code already in the library with 409, and the other rules with 400', async () => {
    const taken = await editor.post(LIST, body());
    expect(taken.status).toBe(409);
    expect(errorOf(taken).errorCode).toBe('REGULATION_CODE_TAKEN');
    const self = await editor.post(LIST, body({ code: 'HJ 1-2020', replacesCode: 'HJ 1-2020' }));
    expect(errorOf(self).errorCode).toBe('REGULATION_REPLACES_ITSELF');
    const dates = await editor.post(LIST, body({ code: 'HJ 2-2020', issuedOn: '2020-05-01', effectiveOn: '2020-04-01' }));
    expect(errorOf(dates).errorCode).toBe('REGULATION_DATES_INVALID');
    for (const bad of [
      body({ code: 'HJ 3-2020', title: '' }),
      body({ code: 'HJ 3-2020', issuedOn: '2020-02-30' }),
      body({ code: 'HJ 3-2020', replacesCode: '旧版' }),
    ]) {
      expect((await editor.post(LIST, bad)).status).toBe(400);
    }
  });

  it('trims white space around the code and the texts before checking and storing them (docs/api.md §Text)', async () => {
    const created = await create({ code: ' HJ 7-2020 ', title: '  两端有空格的标题 ', replacesCode: ' HJ 6-2019\t' });
    expect(created).toMatchObject({ code: 'HJ 7-2020', title: '两端有空格的标题', replacesCode: 'HJ 6-2019' });
  });

  it('refuses an unknown property on a create with 400 naming it, and adds nothing', async () => {
    const before = await countRows(database.db);
    const response = await editor.post(LIST, body({ code: 'HJ 8-2020', title: '多余字段', pinned: true }));
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'body/pinned' }] });
    expect(await countRows(database.db)).toEqual(before);
  });

  it('refuses an unknown property on a change with 400 naming it, and changes nothing (not even the known fields)', async () => {
    const { id } = await create({ code: 'HJ 9-2020', title: '原标题' });
    const before = await countRows(database.db);
    const response = await editor.patch(`${LIST}/${id}`, { title: '新标题', status: 'repealed' });
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'body/status' }] });
    expect(await countRows(database.db)).toEqual(before);
    expect(await detail(id)).toMatchObject({ title: '原标题', status: 'current' });
    expect(await auditActions(id)).toEqual(['regulation.create']);
  });

  it('refuses a body whose types are not as declared, without coercing them', async () => {
    const before = await countRows(database.db);
    for (const bad of [
      body({ code: 'HJ 10-2020', issuedOn: 20200101 }),
      body({ code: 'HJ 10-2020', title: 5 }),
      body({ code: 'HJ 10-2020', issuedOn: '0000-01-01' }),
      body({ code: 'HJ 10-2020', effectiveOn: '2100-01-01' }),
    ]) {
      const response = await editor.post(LIST, bad);
      expect([response.status, errorOf(response).errorCode]).toEqual([400, 'VALIDATION_FAILED']);
    }
    expect(await countRows(database.db)).toEqual(before);
  });

  it('refuses a status sent by a client, naming it: status is derived, never typed', async () => {
    const before = await countRows(database.db);
    const response = await editor.post(LIST, body({ code: 'HJ 3-2020', title: '状态由日期决定', status: 'repealed' }));
    expect(response.status).toBe(400);
    expect(errorOf(response)).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'body/status' }] });
    expect(await countRows(database.db)).toEqual(before);
  });

  it('replaces a regulation by a newer one: both link to each other and the old one is repealed once the new one is in effect', async () => {
    const old = await create({
      code: 'GB/T 28181-2016',
      title: '公共安全视频监控联网系统信息传输、交换、控制技术要求（2016）',
      issuedOn: '2016-07-12',
      effectiveOn: '2016-08-01',
    });
    const newer = await create({
      code: 'GB/T 28181-2030',
      title: '公共安全视频监控联网系统信息传输、交换、控制技术要求',
      issuedOn: '2024-05-01',
      effectiveOn: '2024-07-01',
      replacesCode: 'GB/T 28181-2016',
    });
    expect(newer.status).toBe('upcoming');
    expect(newer.replaces).toMatchObject({ id: old.id, code: 'GB/T 28181-2016' });
    expect(await detail(old.id)).toMatchObject({ status: 'current', replacedBy: [{ id: newer.id, code: 'GB/T 28181-2030' }] });
    await setClock('2024-07-01T00:00:00+08:00');
    expect((await detail(newer.id)).status).toBe('current');
    expect((await detail(old.id)).status).toBe('repealed');
    await setClock('2024-06-01T10:00:00+08:00');
  });

  it('retires a regulation without replacement from a date, and reinstates it', async () => {
    const { id } = await create({ code: 'LY/T 1000-2010', title: '将废止的规程' });
    const retired = dataOf(await editor.patch<RegulationDetail>(`${LIST}/${id}`, { abolishedOn: '2024-06-15' }));
    expect(retired).toMatchObject({ abolishedOn: '2024-06-15', status: 'current' });
    await setClock('2024-06-15T08:00:00+08:00');
    expect((await detail(id)).status).toBe('repealed');
    expect(dataOf(await editor.patch<RegulationDetail>(`${LIST}/${id}`, { abolishedOn: null })).status).toBe('current');
    expect(await auditActions(id)).toEqual(['regulation.create', 'regulation.retire', 'regulation.update']);
    await setClock('2024-06-01T10:00:00+08:00');
  });

  it('edits fields, audits what changed, and refuses taking another code', async () => {
    const { id } = await create({ code: 'HJ 4-2020', title: '旧标题' });
    expect(dataOf(await editor.patch<RegulationDetail>(`${LIST}/${id}`, { title: '新标题' })).title).toBe('新标题');
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'regulation.update'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({ before: { title: '旧标题' }, after: { title: '新标题' } });
    const clash = await editor.patch(`${LIST}/${id}`, { code: 'LY/T 2581-2016' });
    expect(clash.status).toBe(409);
    expect((await editor.patch(`${LIST}/999999`, { title: 'x' })).status).toBe(404);
  });

  it('refuses staff and anonymous visitors, changing nothing', async () => {
    const staff = (await signedInAs(app, database.db, 'staff')).browser;
    const before = await countRows(database.db);
    for (const [who, status] of [
      [staff, 403],
      [reader, 401],
    ] as const) {
      expect((await who.post(LIST, body({ code: 'HJ 5-2020' }))).status).toBe(status);
      expect((await who.patch(`${LIST}/1`, { title: 'x' })).status).toBe(status);
      const { payload, headers } = multipartBody('a.pdf', SAMPLES.pdf());
      expect((await who.post(`${LIST}/1/documents`, payload, { headers })).status).toBe(status);
    }
    expect(await countRows(database.db)).toEqual(before);
  });

  describe('documents', () => {
    let id: number;
    beforeAll(async () => {
      id = (await create({ code: 'LY/T 2582-2016', title: '森林防火视频监控系统技术规范（附件）' })).id;
    });

    it('attaches a PDF, lists it, downloads it with its Chinese name and previews it inline', async () => {
      const { payload, headers } = multipartBody('森林防火视频监控系统技术规范.pdf', SAMPLES.pdf());
      const response = await editor.post<RegulationDetail>(`${LIST}/${id}/documents`, payload, { headers });
      expect(response.status).toBe(201);
      const [document] = dataOf(response).documents;
      expect(document).toMatchObject({ fileName: '森林防火视频监控系统技术规范.pdf', mime: 'application/pdf', size: SAMPLES.pdf().length });
      const download = await reader.get(document!.url);
      expect(download.status).toBe(200);
      expect(download.headers['content-disposition']).toBe(
        `attachment; filename="${'?'.repeat(14)}.pdf"; filename*=UTF-8''${encodeURIComponent('森林防火视频监控系统技术规范')}.pdf`,
      );
      expect((await reader.get(`${document!.url}?disposition=inline`)).headers['content-disposition']).toMatch(/^inline;/);
      expect(await auditActions(id)).toContain('regulation.document.add');
    });

    it('refuses an executable renamed to .pdf, leaving no file and no row', async () => {
      const before = await countRows(database.db);
      const uploads = path.join(tmp, 'uploads');
      const disk = (fs.readdirSync(uploads, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(uploads, p)).isFile());
      const { payload, headers } = multipartBody('规范.pdf', SAMPLES.exe());
      const response = await editor.post(`${LIST}/${id}/documents`, payload, { headers });
      expect(response.status).toBe(415);
      expect(errorOf(response).errorCode).toBe('UPLOAD_TYPE_NOT_ALLOWED');
      expect(await countRows(database.db)).toEqual(before);
      expect((fs.readdirSync(uploads, { recursive: true }) as string[]).filter((p) => fs.statSync(path.join(uploads, p)).isFile())).toEqual(disk);
    });

    it('removes a document', async () => {
      const [document] = (await detail(id)).documents;
      const after = dataOf(await editor.delete<RegulationDetail>(`${LIST}/${id}/documents/${document!.id}`));
      expect(after.documents).toEqual([]);
      expect((await reader.get(document!.url)).status).toBe(404);
      expect(await auditActions(id)).toContain('regulation.document.remove');
    });
  });
});
