/**
 * Downloadable tools as an editor and a visitor meet them: adding a tool, uploading versions
 * (SHA-256 and size computed by the server, matching the bytes sent), every version kept and
 * listed newest first, each downloadable with its original name; refused uploads (type sniffed
 * from the content, size limit, bad version, duplicate version, not an editor) leave no row, no
 * file and no audit entry.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tool } from '@eco/contracts/tools';
import { auditLog, toolVersions } from '../../db/schema';
import { Browser, signedInAs } from '../../test/browser';
import { SAMPLES } from '../../test/sample-files';
import { buildTestApp, dataOf, errorOf } from '../../test/test-app';
import { createTestDatabase, makeTempDir, removeTempDir, type TestDatabase } from '../../test/test-database';

const MAX_BYTES = 64 * 1024;

/** A multipart body with text `fields` and one file part, in the order given. */
function multipart(parts: ({ field: string; value: string } | { file: string; bytes: Buffer })[]) {
  const boundary = `----eco${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`, 'utf8'));
    else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${part.file}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
          'utf8',
        ),
      );
      chunks.push(part.bytes, Buffer.from('\r\n'));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describe('downloadable tools', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let uploadsDir: string;
  let editor: Browser;
  let staff: Browser;
  let toolId: number;
  const db = () => database.db;

  beforeAll(async () => {
    database = await createTestDatabase();
    uploadsDir = makeTempDir('eco-tools-');
    app = await buildTestApp(database, undefined, { uploadsDir, uploadMaxBytes: MAX_BYTES });
    editor = (await signedInAs(app, db(), 'editor')).browser;
    staff = (await signedInAs(app, db(), 'staff')).browser;
    toolId = dataOf(await editor.post<Tool>('/api/manage/tools', { name: '数据采集客户端', platform: 'windows', description: '设备数据采集与上报工具' })).id;
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    removeTempDir(uploadsDir);
  });

  const upload = (browser: Browser, id: number, parts: Parameters<typeof multipart>[0]) => {
    const body = multipart(parts);
    return browser.post<Tool>(`/api/manage/tools/${id}/versions`, body.payload, { headers: body.headers });
  };
  const storedFiles = () => fs.readdirSync(uploadsDir, { recursive: true }).filter((name) => /[0-9a-f]{64}$/.test(String(name)));
  const versionRows = async () => (await db().select({ n: count() }).from(toolVersions))[0]!.n;

  it('lists a new tool without versions to everyone', async () => {
    const list = dataOf(await new Browser(app).get<Tool[]>('/api/tools/downloads'));
    expect(list).toEqual([expect.objectContaining({ name: '数据采集客户端', platform: 'windows', latest: null, versions: [] })]);
  });

  it('computes SHA-256 and size on upload, keeps every version newest first, and serves each with its name', async () => {
    const v1 = SAMPLES.zip();
    const first = dataOf(
      await upload(editor, toolId, [
        { field: 'version', value: '1.0.0' },
        { field: 'releaseNotes', value: '首个版本' },
        { file: '采集客户端-1.0.0.zip', bytes: v1 },
      ]),
    );
    expect(first.latest).toMatchObject({
      version: '1.0.0',
      sha256: sha256(v1),
      size: v1.length,
      mime: 'application/zip',
      fileName: '采集客户端-1.0.0.zip',
      releaseNotes: '首个版本',
    });

    const v2 = SAMPLES.exe();
    // the file part may come before the fields
    const second = dataOf(
      await upload(editor, toolId, [
        { file: 'setup-1.1.0.exe', bytes: v2 },
        { field: 'version', value: '1.1.0' },
        { field: 'releaseNotes', value: '修复断点续传\n支持 Windows 11' },
      ]),
    );
    expect(second.versions.map((v) => v.version)).toEqual(['1.1.0', '1.0.0']);
    expect(second.latest).toMatchObject({ version: '1.1.0', sha256: sha256(v2), size: v2.length, mime: 'application/x-msdownload' });

    const visitor = new Browser(app);
    const [tool] = dataOf(await visitor.get<Tool[]>('/api/tools/downloads'));
    for (const [version, bytes] of [
      [tool!.versions[0]!, v2],
      [tool!.versions[1]!, v1],
    ] as const) {
      const response = await app.inject({ method: 'GET', url: version.url });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(bytes)).toBe(true);
      expect(sha256(response.rawPayload)).toBe(version.sha256);
      expect(response.headers['content-disposition']).toContain('attachment');
      expect(response.headers['content-disposition']).toContain(encodeURIComponent(version.fileName));
    }
    const entries = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tool.version_upload'), eq(auditLog.entityId, String(toolId))));
    expect(entries.map((e) => e.after)).toEqual([
      expect.objectContaining({ version: '1.0.0', sha256: sha256(v1) }),
      expect.objectContaining({ version: '1.1.0', sha256: sha256(v2) }),
    ]);
  });

  it('answers 404 for a version that does not exist', async () => {
    const response = await new Browser(app).get('/api/tools/downloads/files/999999');
    expect(response.status).toBe(404);
    expect(errorOf(response).errorCode).toBe('TOOL_VERSION_NOT_FOUND');
  });

  const refused: [string, () => Parameters<typeof multipart>[0], number, string][] = [
    [
      'a version already uploaded',
      () => [
        { field: 'version', value: '1.0.0' },
        { file: 'again.zip', bytes: Buffer.concat([SAMPLES.zip(), Buffer.from('x')]) },
      ],
      409,
      'TOOL_VERSION_TAKEN',
    ],
    [
      'a text file renamed to .exe',
      () => [
        { field: 'version', value: '2.0.0' },
        { file: 'tool.exe', bytes: Buffer.from('#!/bin/sh\necho hi\n'.repeat(20)) },
      ],
      415,
      'UPLOAD_TYPE_NOT_ALLOWED',
    ],
    [
      'a file over the size limit',
      () => [
        { field: 'version', value: '2.0.1' },
        { file: 'big.zip', bytes: Buffer.concat([SAMPLES.zip(), Buffer.alloc(MAX_BYTES)]) },
      ],
      413,
      'UPLOAD_TOO_LARGE',
    ],
    [
      'an empty file',
      () => [
        { field: 'version', value: '2.0.2' },
        { file: 'empty.zip', bytes: Buffer.alloc(0) },
      ],
      400,
      'UPLOAD_EMPTY',
    ],
    ['no file', () => [{ field: 'version', value: '2.0.3' }], 400, 'UPLOAD_MISSING'],
    ['no version', () => [{ file: 'tool.zip', bytes: Buffer.concat([SAMPLES.zip(), Buffer.from('no-version')]) }], 400, 'TOOL_VERSION_INVALID'],
    [
      'a hostile version',
      () => [
        { field: 'version', value: '../../etc/passwd' },
        { file: 'tool.zip', bytes: Buffer.concat([SAMPLES.zip(), Buffer.from('hostile')]) },
      ],
      400,
      'TOOL_VERSION_INVALID',
    ],
    [
      'a text part of another name',
      () => [
        { field: 'version', value: '2.0.4' },
        { field: 'releaseNotes', value: '' },
        { field: 'channel', value: 'beta' },
        { file: 'tool.zip', bytes: Buffer.concat([SAMPLES.zip(), Buffer.from('channel')]) },
      ],
      400,
      'VALIDATION_FAILED',
    ],
  ];
  for (const [name, parts, status, code] of refused) {
    it(`refuses ${name}, leaving no file, row or audit entry`, async () => {
      const filesBefore = storedFiles();
      const rowsBefore = await versionRows();
      const auditBefore = (await db().select({ n: count() }).from(auditLog))[0]!.n;
      const response = await upload(editor, toolId, parts());
      expect(response.status).toBe(status);
      expect(errorOf(response).errorCode).toBe(code);
      expect(storedFiles()).toEqual(filesBefore);
      expect(await versionRows()).toBe(rowsBefore);
      expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(auditBefore);
    });
  }

  it('lets only editors and administrators manage tools', async () => {
    expect((await staff.post('/api/manage/tools', { name: '别的工具', platform: 'any', description: '' })).status).toBe(403);
    const response = await upload(staff, toolId, [
      { field: 'version', value: '9.9.9' },
      { file: 'x.zip', bytes: SAMPLES.zip() },
    ]);
    expect(response.status).toBe(403);
    expect((await new Browser(app).get('/api/manage/tools')).status).toBe(401);
  });

  it('names the unknown text part it refuses', async () => {
    const response = await upload(editor, toolId, [
      { field: 'versoin', value: '3.0.0' },
      { file: 'tool.zip', bytes: Buffer.concat([SAMPLES.zip(), Buffer.from('typo')]) },
    ]);
    expect(response.status).toBe(400);
    expect(errorOf(response).details?.map((d) => d.field)).toEqual(['body/versoin']);
  });

  it('refuses an unknown property with 400 naming it, creating and changing nothing', async () => {
    const auditBefore = (await db().select({ n: count() }).from(auditLog))[0]!.n;
    const created = await editor.post('/api/manage/tools', { name: '另一个工具', platform: 'any', description: '', version: '1.0.0' });
    expect(created.status).toBe(400);
    expect(errorOf(created).details?.map((d) => d.field)).toEqual(['body/version']);
    const before = dataOf(await editor.get<Tool[]>('/api/manage/tools'));
    const updated = await editor.patch(`/api/manage/tools/${toolId}`, { name: '改名', latest: null });
    expect(updated.status).toBe(400);
    expect(errorOf(updated).details?.map((d) => d.field)).toEqual(['body/latest']);
    expect(dataOf(await editor.get<Tool[]>('/api/manage/tools'))).toEqual(before);
    expect((await db().select({ n: count() }).from(auditLog))[0]!.n).toBe(auditBefore);
  });

  it('answers the management list no-store and the public list no-cache', async () => {
    expect((await editor.get('/api/manage/tools')).headers['cache-control']).toBe('no-store');
    expect((await new Browser(app).get('/api/tools/downloads')).headers['cache-control']).toBe('no-cache');
  });

  it('refuses a second tool with the same name', async () => {
    const response = await editor.post('/api/manage/tools', { name: '数据采集客户端', platform: 'linux', description: '' });
    expect(response.status).toBe(409);
    expect(errorOf(response).errorCode).toBe('TOOL_NAME_TAKEN');
  });

  it('audits a change of a tool, its name trimmed', async () => {
    const tool = dataOf(await editor.patch<Tool>(`/api/manage/tools/${toolId}`, { platform: 'any', name: ' 数据采集客户端 ' }));
    expect(tool).toMatchObject({ platform: 'any', name: '数据采集客户端' });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'tool.update'), eq(auditLog.entityId, String(toolId))));
    expect(entry).toMatchObject({ before: { platform: 'windows' }, after: { platform: 'any' } });
  });
});
