import { QueryOptionError } from '../modules/sensorthings/odata/ast';

/** The QueryOptionError `fn` throws; anything else thrown, or nothing, fails the calling test. */
export function queryOptionErrorOf(fn: () => unknown): QueryOptionError {
  try {
    fn();
  } catch (error) {
    if (error instanceof QueryOptionError) return error;
    throw error;
  }
  throw new Error('expected a QueryOptionError, but nothing was thrown');
}
