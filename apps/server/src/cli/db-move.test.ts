/**
 * `npm run db:move` as an operator moving an embedded installation to PostgreSQL meets it: the
 * portal then served from the PostgreSQL database (with the same uploads folder) shows the same
 * notices, attachment, regulation documents and observations, and new rows continue the ids; a
 * target holding portal data is refused. The source is a PGlite folder and the target a database of
 * its own on the PostgreSQL server of TEST_DATABASE_URL: scripts/test.mjs runs it in the PGlite pass only.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NoticeDetail } from '@eco/contracts/notices';
import { openDatabase } from '../db/client';
import { signedInAs } from '../test/browser';
import { databaseUrl, withAdmin } from '../test/database-templates';
import { addContent, whatReadersSee } from '../test/portal-snapshot';
import { buildTestApp, dataOf } from '../test/test-app';
import { adminUrl, createLoadedDatabase, makeTempDir, removeTempDir, TEST_DB_KIND, type TestDatabase } from '../test/test-database';
import { moveDatabase } from './db-move';

describe('db:move from PGlite to PostgreSQL', () => {
  let tmp: string;
  let source: TestDatabase | undefined;
  let target = '';
  const name = `eco_test_move_${crypto.randomBytes(6).toString('hex')}`;

  beforeAll(async () => {
    if (TEST_DB_KIND !== 'pglite') throw new Error('db:move moves a PGlite folder: run this file in the PGlite pass (scripts/test.mjs)');
    tmp = makeTempDir('eco-move-');
    source = await createLoadedDatabase();
    await withAdmin(adminUrl(), (sql) => sql.unsafe(`create database ${name}`));
    target = databaseUrl(adminUrl(), name);
  });

  afterAll(async () => {
    await source?.dispose();
    if (target) await withAdmin(adminUrl(), (sql) => sql.unsafe(`drop database if exists ${name} with (force)`));
    if (tmp) removeTempDir(tmp);
  });

  it('moves a portal that then serves the same content from PostgreSQL, new rows continuing the ids', async () => {
    if (!source) throw new Error('no source database');
    const uploadsDir = path.join(tmp, 'uploads');
    const original = await buildTestApp(source, undefined, { uploadsDir });
    const content = await addContent(original, source.db);
    const seen = await whatReadersSee(original, content);
    await original.close();
    await source.close();
    if (source.location.kind !== 'pglite') throw new Error('the source is a PGlite folder');

    const result = await moveDatabase(source.location.dir, target);
    expect(result.tables).toEqual(
      expect.arrayContaining([
        { table: 'notices', rows: 1 },
        { table: 'notice_attachments', rows: 1 },
      ]),
    );
    expect(result.tables.find((t) => t.table === 'observations')!.rows).toBeGreaterThan(0);

    const moved = await openDatabase({ kind: 'postgres', url: target });
    const app = await buildTestApp(moved, undefined, { uploadsDir });
    try {
      expect(await whatReadersSee(app, content)).toEqual(seen);
      const { browser: editor } = await signedInAs(app, moved.db, 'editor');
      const next = await editor.post<NoticeDetail>('/api/notices', {
        title: '迁移后的第一条通知',
        category: 'notice',
        bodyHtml: '<p>正文</p>',
        pinned: false,
        organisationId: null,
      });
      expect(next.status).toBe(201);
      expect(dataOf(next).id).toBeGreaterThan(content.noticeId);
    } finally {
      await app.close();
      await moved.close();
    }
  });

  it('refuses a target that holds portal data already, and leaves it as it was', async () => {
    if (source?.location.kind !== 'pglite') throw new Error('no PGlite source database');
    const notices = () => withAdmin(target, async (sql) => (await sql`select count(*)::int as n from notices`)[0]!.n as number);
    const before = await notices();
    await expect(moveDatabase(source.location.dir, target)).rejects.toThrow(/holds portal data already \(.*rows\).*: db:move needs an empty database/);
    expect(await notices()).toBe(before);
  });
});
