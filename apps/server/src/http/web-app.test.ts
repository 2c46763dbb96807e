/**
 * The built web app as a browser receives it (web-app.ts): the precompressed copy the client can
 * read (brotli, else gzip, else the file itself), with the file's own type, the encoding it was sent
 * in, `Vary: Accept-Encoding` and validators of its own; a file without a copy is sent as it is.
 * Through the whole app, so the API's per-response compression is part of what is checked. The page
 * itself (web-index.ts) carries the site's title and allows its inline script by hash.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../test/browser';
import type { SiteSettings } from '@eco/contracts/site';
import { buildTestApp, dataOf } from '../test/test-app';
import { createTestDatabase, makeTempDir, removeTempDir, type TestDatabase } from '../test/test-database';

// a script large enough that any compressor would act on it (@fastify/compress's threshold is 1 KB)
const SCRIPT = `export const messages = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `通知公告 ${i}`))};\n`;
// as the build writes it: the title it was built with, in <title> and the header, and an inline script
const BOOT = 'document.documentElement.dataset.booted = "yes";';
const INDEX = `<!doctype html><title>门户</title><div id="root"><span class="boot-title">门户</span></div><script>${BOOT}</script>`;
const pageWith = (title: string) => INDEX.replaceAll('门户', title);
// a PNG signature and header: an image the build leaves uncompressed
const IMAGE = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('the built web app', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let dist: string;

  beforeAll(async () => {
    dist = makeTempDir('eco-dist-');
    fs.mkdirSync(path.join(dist, 'assets'));
    const script = path.join(dist, 'assets/index-abc123.js');
    fs.writeFileSync(script, SCRIPT);
    // marked copies, so a test can tell which file was sent (the build writes the same text in each)
    fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(`${SCRIPT}// br\n`));
    fs.writeFileSync(`${script}.gz`, zlib.gzipSync(`${SCRIPT}// gz\n`));
    fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
    fs.writeFileSync(path.join(dist, 'index.html.br'), zlib.brotliCompressSync(INDEX));
    fs.writeFileSync(path.join(dist, 'index.html.gz'), zlib.gzipSync(INDEX));
    fs.writeFileSync(path.join(dist, 'assets/logo-abc123.png'), IMAGE);
    database = await createTestDatabase();
    app = await buildTestApp(database, undefined, { webDist: dist });
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    if (dist) removeTempDir(dist);
  });

  const get = (url: string, acceptEncoding?: string) => app.inject({ url, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

  it('sends the brotli copy of a script to a browser that accepts brotli', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(`${SCRIPT}// br\n`);
  });

  it('sends the gzip copy to a client that accepts gzip only', async () => {
    const response = await get('/assets/index-abc123.js', 'gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(response.rawPayload).toString()).toBe(`${SCRIPT}// gz\n`);
  });

  it.each([undefined, 'identity'])('sends the file itself when the client accepts no compression (Accept-Encoding: %s)', async (accept) => {
    const response = await get('/assets/index-abc123.js', accept);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe(SCRIPT);
  });

  it('gives each encoding its own ETag, and answers 304 to the one the client holds', async () => {
    const br = await get('/assets/index-abc123.js', 'br');
    const identity = await get('/assets/index-abc123.js', 'identity');
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(identity.headers.etag);
    const again = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it.each(['/', '/index.html'])("sends the page (%s) with the site's title, brotli-compressed, revalidated on every load", async (url) => {
    const response = await get(url, 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(pageWith('陕西省生态云感知系统'));
  });

  it("allows the page's own inline script by its hash, on the page only", async () => {
    const hash = `'sha256-${createHash('sha256').update(BOOT).digest('base64')}'`;
    const page = await get('/', 'identity');
    expect(page.body).toBe(pageWith('陕西省生态云感知系统'));
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(scriptSrc?.split(' ').sort()).toEqual(["'self'", hash].sort());
    const api = await get('/api/site');
    expect(String(api.headers['content-security-policy'])).not.toContain('sha256');
  });

  it('shows a new title on the next load once an administrator renames the site, as text, and answers 304 to the copy held', async () => {
    const before = await get('/', 'gzip');
    const again = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip', 'if-none-match': String(before.headers.etag) } });
    expect(again.statusCode).toBe(304);

    const { browser: admin } = await signedInAs(app, database.db, 'admin');
    const settings = dataOf(await admin.get<SiteSettings>('/api/site'));
    const title = '秦岭<生态>云 & "感知"';
    expect((await admin.put('/api/site', { ...settings, title })).status).toBe(200);

    const after = await get('/', 'gzip');
    expect(after.headers['content-encoding']).toBe('gzip');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(zlib.gunzipSync(after.rawPayload).toString()).toBe(pageWith('秦岭&lt;生态&gt;云 &amp; &quot;感知&quot;'));
  });

  it('sends a new build of the page written beside the running server, not the one read at start', async () => {
    const rebuilt = INDEX.replace('<script>', '<script type="module" src="./assets/index-def456.js"></script><script>');
    const page = path.join(dist, 'index.html');
    fs.writeFileSync(page, rebuilt);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(page, later, later);
    try {
      expect((await get('/', 'identity')).body).toContain('./assets/index-def456.js');
    } finally {
      fs.writeFileSync(page, INDEX);
      const again = new Date(Date.now() + 120_000);
      fs.utimesSync(page, again, again);
    }
    expect((await get('/', 'identity')).body).not.toContain('index-def456');
  });

  it('sends a file that has no precompressed copy as it is, with its type', async () => {
    const response = await get('/assets/logo-abc123.png', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.rawPayload.equals(IMAGE)).toBe(true);
  });

  it('answers a missing asset with 404, not a copy of another file', async () => {
    const response = await get('/assets/missing-abc123.js', 'br');
    expect(response.statusCode).toBe(404);
  });
});
