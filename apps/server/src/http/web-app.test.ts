/**
 * The built web app as a browser receives it (web-app.ts): the precompressed copy the client can
 * read (brotli, else gzip, else the file itself), with the file's own type, the encoding it was sent
 * in, `Vary: Accept-Encoding` and validators of its own; a file without a copy is sent as it is.
 * Through the whole app, so the API's per-response compression is part of what is checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app';
import { createTestDatabase, makeTempDir, removeTempDir, type TestDatabase } from '../test/test-database';

// a script large enough that any compressor would act on it (@fastify/compress's threshold is 1 KB)
const SCRIPT = `export const messages = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `通知公告 ${i}`))};\n`;
const INDEX = '<!doctype html><title>门户</title><script type="module" src="./assets/index-abc123.js"></script>';
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

  it('sends the page itself (/) from its brotli copy, revalidated on every load', async () => {
    const response = await get('/', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(response.rawPayload).toString()).toBe(INDEX);
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
