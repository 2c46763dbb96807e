/**
 * Request ids as an operator following one request through the logs meets them: a safe incoming
 * `x-request-id` is kept, anything else replaced by a UUID; the id comes back in the response
 * header and is on every log line of the request (Fastify's `reqId`).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { jsonLogLines, TEST_CONFIG } from '../test/test-app';
import { createTestDatabase, type TestDatabase } from '../test/test-database';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids', () => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const lines: Record<string, unknown>[] = [];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({ config: { ...TEST_CONFIG, logLevel: 'info' }, database, logStream: jsonLogLines(lines) });
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
  });

  it('keeps a safe incoming x-request-id, sends it back, and puts it on every log line of the request', async () => {
    const id = 'nginx-5f2b9c0e8a7d4e1f';
    const response = await app.inject({ method: 'GET', url: '/api/notices/424242', headers: { 'x-request-id': id } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['x-request-id']).toBe(id);
    const ofRequest = lines.filter((line) => line.reqId === id);
    // Fastify's "incoming request" and "request completed", and nothing of this request without the id
    expect(ofRequest.map((line) => line.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    expect(lines.filter((line) => JSON.stringify(line).includes('424242') && line.reqId !== id)).toEqual([]);
  });

  it('replaces a missing, long or hostile x-request-id with a fresh UUID', async () => {
    const seen = new Set<string>();
    for (const incoming of [undefined, 'a'.repeat(65), 'id with spaces', 'x\r\nforged: 1', '<script>', '']) {
      const headers: Record<string, string> = incoming === undefined ? {} : { 'x-request-id': incoming };
      const response = await app.inject({ method: 'GET', url: '/api/health/live', headers });
      const id = String(response.headers['x-request-id']);
      expect(id, JSON.stringify(incoming)).toMatch(UUID);
      seen.add(id);
      expect(lines.some((line) => line.reqId === id && line.msg === 'request completed')).toBe(true);
    }
    expect(seen.size).toBe(6);
  });
});
