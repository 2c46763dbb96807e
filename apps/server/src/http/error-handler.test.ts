/**
 * Every failure leaves as the envelope with a status that means what it says, messages in zh-CN
 * by default and en-US when asked, and nothing internal in the body.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, errorOf, getJson } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { ERROR_CODES } from '@eco/contracts/error-codes';

const CJK = /[\u4e00-\u9fff]/;
const SECRET = 'password=hunter2 at /srv/secret/config.ts';

describe('error responses', () => {
  let database: TestDatabase;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildTestApp(database);
    // The API has no route taking a body yet: throwaway routes to reach the body parser and the
    // handling of unexpected failures, registered before the app is first used.
    app.post('/api/test-echo', async (request) => ({ success: true, data: request.body }));
    app.get('/api/test-crash', async () => {
      throw new Error(SECRET);
    });
    app.get('/api/test-conflict', async () => {
      throw Object.assign(new Error('the thing changed meanwhile'), { statusCode: 409 });
    });
  });

  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  describe('validation', () => {
    it('answers 400 VALIDATION_FAILED naming the field, in Chinese by default', async () => {
      const response = await getJson(app, '/api/technical-regulations?pageSize=101');
      expect(response.status).toBe(400);
      const error = errorOf(response);
      expect(error.errorCode).toBe('VALIDATION_FAILED');
      expect(error.errorMessage.startsWith(ERROR_CODES.VALIDATION_FAILED.zh)).toBe(true);
      expect(error.details).toHaveLength(1);
      expect(error.details![0]!.field).toBe('querystring/pageSize');
      expect(error.details![0]!.message).toMatch(CJK);
      expect(error.details![0]!.message).toContain('100');
    });

    it('answers in English when the client asks for en-US', async () => {
      const response = await getJson(app, '/api/technical-regulations?pageSize=101', { 'accept-language': 'en-US,en;q=0.9,zh;q=0.8' });
      const error = errorOf(response);
      expect(response.status).toBe(400);
      expect(error.errorMessage.startsWith(ERROR_CODES.VALIDATION_FAILED.en)).toBe(true);
      expect(error.errorMessage).not.toMatch(CJK);
      expect(error.details).toEqual([{ field: 'querystring/pageSize', message: expect.not.stringMatching(CJK) }]);
    });

    it('keeps Chinese when the client prefers Chinese over English', async () => {
      const error = errorOf(await getJson(app, '/api/stations/XYZ', { 'accept-language': 'zh-CN,zh;q=0.9,en;q=0.8' }));
      expect(error.errorMessage).toMatch(CJK);
    });

    it.each([
      ['/api/stations?page=0', 'querystring/page'],
      ['/api/stations?pageSize=abc', 'querystring/pageSize'],
      ['/api/stations?city=61', 'querystring/city'],
      ['/api/stations/XYZ', 'params/code'],
      ['/api/technical-regulations/0', 'params/id'],
      ['/api/technical-regulations?status=obsolete', 'querystring/status'],
      [`/api/technical-regulations?keyword=${'森'.repeat(101)}`, 'querystring/keyword'],
      ['/api/stations/1462A/series?from=yesterday', 'querystring/from'],
      ['/api/stations/1462A/series?properties=pm3', 'querystring/properties/0'],
    ])('rejects %s with the field %s', async (url, field) => {
      const response = await getJson(app, url);
      expect(response.status).toBe(400);
      const error = errorOf(response);
      expect(error.errorCode).toBe('VALIDATION_FAILED');
      expect(error.details?.map((d) => d.field)).toContain(field);
    });
  });

  it('answers an unknown /api route with 404 NOT_FOUND naming it', async () => {
    for (const [method, url] of [
      ['GET', '/api/no-such-thing'],
      ['POST', '/api/health'],
      ['DELETE', '/api/technical-regulations/1'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      const body = response.json();
      expect(body).toMatchObject({ success: false, errorCode: 'NOT_FOUND', showType: 2 });
      expect(body.errorMessage).toContain(`${method} ${url}`);
    }
  });

  it('answers a malformed URL with a 400 envelope', async () => {
    const response = await getJson(app, '/api/stations/%E0%A4%A');
    expect(response.status).toBe(400);
    expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
  });

  it('answers an over-long path parameter with a 414 envelope', async () => {
    const response = await getJson(app, `/api/stations/${'1'.repeat(500)}A`);
    expect(response.status).toBe(414);
    expect(errorOf(response).errorCode).toBe('VALIDATION_FAILED');
  });

  describe('request bodies', () => {
    const post = (payload: string, contentType = 'application/json') =>
      app.inject({ method: 'POST', url: '/api/test-echo', headers: { 'content-type': contentType }, payload });

    it('accepts well-formed JSON', async () => {
      const response = await post('{"title":"ok"}');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ success: true, data: { title: 'ok' } });
    });

    it.each([['{"title":'], ['{title: "ok"}'], ['']])('answers malformed JSON %j with 400 INVALID_JSON', async (payload) => {
      const response = await post(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        success: false,
        errorCode: 'INVALID_JSON',
        errorMessage: ERROR_CODES.INVALID_JSON.zh,
        showType: 2,
      });
    });

    it('answers a body of an unsupported type with 415', async () => {
      const response = await post('<title>ok</title>', 'application/xml');
      expect(response.statusCode).toBe(415);
      expect(response.json().errorCode).toBe('UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers a body over 1 MiB with 413', async () => {
      const response = await post(JSON.stringify({ title: 'x'.repeat(1024 * 1024) }));
      expect(response.statusCode).toBe(413);
      expect(response.json().errorCode).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  it('answers an unexpected failure with 500 and the generic message, leaking nothing', async () => {
    for (const [language, message] of [
      ['zh-CN', ERROR_CODES.INTERNAL_ERROR.zh],
      ['en-US', ERROR_CODES.INTERNAL_ERROR.en],
    ] as const) {
      const response = await app.inject({ url: '/api/test-crash', headers: { 'accept-language': language } });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ success: false, errorCode: 'INTERNAL_ERROR', errorMessage: message, showType: 2 });
      expect(response.body).not.toContain('hunter2');
      expect(response.body).not.toContain('/srv/secret');
      expect(response.body).not.toMatch(/\bat .*\.ts:\d+/); // no stack frame
    }
  });

  it("keeps another client error's own status", async () => {
    const response = await getJson(app, '/api/test-conflict');
    expect(response.status).toBe(409);
    expect(errorOf(response).errorMessage).toContain('the thing changed meanwhile');
  });
});
