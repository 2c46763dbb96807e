/**
 * `npm run backup` and `npm run restore` as an operator relies on them, on the database kind the
 * suite runs on (PGlite, or PostgreSQL with TEST_DB=postgres): a portal backed up and restored
 * into a fresh database and uploads folder serves the same notices, attachment, regulation
 * documents and observations; and the restores that must not happen are refused in one line
 * before anything changes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../config';
import { openDatabase } from '../db/client';
import { runProgram } from '../test/child-process';
import { addContent, whatReadersSee } from '../test/portal-snapshot';
import { buildTestApp } from '../test/test-app';
import { adminUrl, createLoadedDatabase, makeTempDir, removeTempDir, TEST_DB_KIND, type TestDatabase } from '../test/test-database';
import { databaseUrl, withAdmin } from '../test/database-templates';
import { type BackupManifest, knownMigrations } from './backup-archive';
import { backup } from './backup';
import { restore } from './restore';

describe(`backup and restore (${TEST_DB_KIND})`, () => {
  let tmp: string;
  let source: TestDatabase;
  let archive: string;
  let target: Database;
  let restoredUploads: string;
  const dropTarget: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    tmp = makeTempDir('eco-backup-');
    source = await createLoadedDatabase();
    restoredUploads = path.join(tmp, 'restored', 'uploads');
    if (TEST_DB_KIND === 'pglite') {
      target = { kind: 'pglite', dir: path.join(tmp, 'restored', 'db'), postgis: false };
    } else {
      const name = `eco_test_restore_${crypto.randomBytes(6).toString('hex')}`;
      await withAdmin(adminUrl(), (sql) => sql.unsafe(`create database ${name}`));
      dropTarget.push(() => withAdmin(adminUrl(), async (sql) => void (await sql.unsafe(`drop database if exists ${name} with (force)`))));
      target = { kind: 'postgres', url: databaseUrl(adminUrl(), name) };
    }
  });

  afterAll(async () => {
    await source?.dispose();
    for (const drop of dropTarget) await drop();
    if (tmp) removeTempDir(tmp);
  });

  it('restores a portal that serves the same notices, attachment, regulation documents and observations', async () => {
    const uploadsDir = path.join(tmp, 'uploads');
    const original = await buildTestApp(source, undefined, { uploadsDir });
    const content = await addContent(original, source.db);
    const seen = await whatReadersSee(original, content);
    // PGlite serves one process per folder: the portal is stopped for its backup
    await original.close();
    await source.close();

    archive = path.join(tmp, 'portal.tar.gz');
    const { manifest } = await backup({ database: source.location, uploadsDir }, { out: archive });
    expect(manifest).toMatchObject({ kind: TEST_DB_KIND, migrations: knownMigrations(), uploads: { files: 2 } });

    await restore({ database: target, uploadsDir: restoredUploads }, archive);
    const restored = await openDatabase(target);
    const app = await buildTestApp(restored, undefined, { uploadsDir: restoredUploads });
    try {
      expect(await whatReadersSee(app, content)).toEqual(seen);
    } finally {
      await app.close();
      await restored.close();
    }
  });

  it('refuses to restore over a database and uploads folder that are not empty, unless --force', async () => {
    const config = { database: target, uploadsDir: restoredUploads };
    await expect(restore(config, archive)).rejects.toThrow(TEST_DB_KIND === 'pglite' ? /PGlite data folder .* is not empty/ : /has tables already/);
    if (target.kind === 'pglite') {
      const emptyDatabase = { ...target, dir: path.join(tmp, 'empty-db') };
      await expect(restore({ ...config, database: emptyDatabase }, archive)).rejects.toThrow(/uploads folder .* is not empty/);
      expect(fs.existsSync(emptyDatabase.dir)).toBe(false);
    }
    const manifest = await restore(config, archive, { force: true });
    expect(manifest.kind).toBe(TEST_DB_KIND);
  });

  it('refuses an archive of the other kind of database, or with a newer schema', async () => {
    const other: Database =
      TEST_DB_KIND === 'pglite' ? { kind: 'postgres', url: databaseUrl(adminUrl(), 'eco_never_touched') } : { kind: 'pglite', dir: path.join(tmp, 'never') };
    await expect(restore({ database: other, uploadsDir: path.join(tmp, 'never-uploads') }, archive)).rejects.toThrow(
      /holds (an embedded|a PostgreSQL).*but the configured database is/,
    );

    const newer = path.join(tmp, 'newer');
    fs.mkdirSync(newer);
    const manifest: BackupManifest = {
      format: 'eco-portal-backup',
      formatVersion: 1,
      kind: TEST_DB_KIND,
      migrations: knownMigrations() + 1,
      createdAt: '2030-01-01T00:00:00+08:00',
      software: {},
      uploads: { files: 0, bytes: 0 },
    };
    fs.writeFileSync(path.join(newer, 'manifest.json'), JSON.stringify(manifest));
    await tar.create({ gzip: true, file: path.join(tmp, 'newer.tar.gz'), cwd: newer }, ['manifest.json']);
    await expect(restore({ database: target, uploadsDir: restoredUploads }, path.join(tmp, 'newer.tar.gz'), { force: true })).rejects.toThrow(
      /has a newer schema \(\d+ migrations\) than this portal knows/,
    );
  });

  it('npm run restore ends with status 1 and one line for a file that is not a backup', async () => {
    const notBackup = path.join(tmp, 'notes.txt');
    fs.writeFileSync(notBackup, 'not an archive');
    const result = await runProgram('npm', ['run', '--silent', 'restore', '--', notBackup], { PGLITE_DIR: path.join(tmp, 'never') }).exited;
    expect(result.code).toBe(1);
    // npm's own warnings about the machine's configuration aside
    const lines = result.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('npm warn'));
    expect(lines).toEqual([`restore failed: ${notBackup} is not a backup of this portal (expected a .tar.gz written by npm run backup)`]);
  });
});
