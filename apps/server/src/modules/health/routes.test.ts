import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@eco/contracts/error-codes';
import { getJson, useTestApp } from '../../test/test-app';
import { TEST_DB_KIND } from '../../test/test-database';

describe('GET /api/health', () => {
  const ctx = useTestApp();

  it('answers 200 with status ok and the kind of database', async () => {
    const response = await getJson(ctx.app, '/api/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true, data: { status: 'ok', database: TEST_DB_KIND } });
  });

  it('is never kept by a cache, and refuses parameters it does not take', async () => {
    expect((await getJson(ctx.app, '/api/health')).headers['cache-control']).toBe('no-store');
    const response = await getJson(ctx.app, '/api/health?verbose=1');
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: 'VALIDATION_FAILED', details: [{ field: 'querystring/verbose' }] });
  });

  it('answers 503 DATABASE_UNAVAILABLE once the database has gone away', async () => {
    await ctx.database.close();
    const response = await getJson(ctx.app, '/api/health', { 'accept-language': 'en-US' });
    expect(response.status).toBe(503);
    expect(response.body).toEqual({
      success: false,
      errorCode: 'DATABASE_UNAVAILABLE',
      errorMessage: ERROR_CODES.DATABASE_UNAVAILABLE.en,
      showType: 2,
    });
  });
});
