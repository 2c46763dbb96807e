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
