/** Checking a refusal as a client meets it, and that it changed nothing (docs/api.md §Errors). */
import { expect } from 'vitest';
import type { Db } from '../db/client';
import { errorOf } from './test-app';
import { countRows } from './test-database';

/**
 * Sends `send`, expects it refused with `status` and `code` and every table of `db` to hold the
 * same number of rows as before (not even an audit row); answers the error message.
 */
export async function expectRefused(db: Db, send: () => Promise<{ status: number }>, status: number, code: string): Promise<string> {
  const before = await countRows(db);
  const response = await send();
  const error = errorOf(response as never);
  expect([response.status, error.errorCode]).toEqual([status, code]);
  expect(await countRows(db)).toEqual(before);
  return error.errorMessage;
}
