import { ERROR_CODES, type ErrorCode } from '@eco/contracts/error-codes';

/** Extra words for the catalogue message: the same in every language, or one per language. */
export type Detail = string | { zh: string; en: string };

/**
 * A failure the API reports with its envelope: `throw new AppError('REGULATION_NOT_FOUND')`.
 * `headers` are sent with it (e.g. `Retry-After` with `TOO_MANY_ATTEMPTS`).
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    /** extra words appended to the catalogue message, e.g. the offending value or the broken rule */
    readonly detail?: Detail,
    readonly headers: Record<string, string> = {},
  ) {
    const en = typeof detail === 'string' ? detail : detail?.en;
    super(en ? `${ERROR_CODES[code].en}: ${en}` : ERROR_CODES[code].en);
    this.status = ERROR_CODES[code].status;
  }
}
