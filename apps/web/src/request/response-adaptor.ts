/**
 * The response adaptor: the one place that knows the shape of an API response body
 * (docs/request-layer.md §Requests: "errorMessage, errorCode and showType are read from the adapted response").
 * A backend with a different body shape only needs a new adaptor here.
 */
import type { FieldError } from '@eco/contracts/envelope';

/** A response body reduced to what the request layer needs. */
export interface AdaptedResponse<T = unknown> {
  /** false → business error (BizError) when the HTTP status is 2xx. */
  success: boolean;
  /** The payload when `success` is true. */
  data?: T;
  /** Stable UPPER_SNAKE code, present on failures. */
  errorCode?: string;
  /** Message for people (zh-CN by default, en-US when asked), present on failures. */
  errorMessage?: string;
  /** How to display the failure, docs/request-layer.md §Error display (0, 1, 2, 4, 9); absent → error message. */
  showType?: number;
  /** Field-level problems of a validation error. */
  details?: FieldError[];
}

/**
 * Reads the API envelope `{ success: true, data }` / `{ success: false, errorCode, errorMessage,
 * showType, details? }` (see `@eco/contracts/envelope`).
 *
 * @param body the parsed JSON body (any value).
 * @returns the adapted response, or `null` when the body is not an envelope (not an object, or no
 *   boolean `success`); fields of the wrong type are dropped rather than trusted. Never throws.
 */
export function adaptResponse<T = unknown>(body: unknown): AdaptedResponse<T> | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const envelope = body as Record<string, unknown>;
  if (typeof envelope.success !== 'boolean') return null;
  if (envelope.success) return { success: true, data: envelope.data as T };
  return {
    success: false,
    errorCode: typeof envelope.errorCode === 'string' ? envelope.errorCode : undefined,
    errorMessage: typeof envelope.errorMessage === 'string' ? envelope.errorMessage : undefined,
    showType: typeof envelope.showType === 'number' ? envelope.showType : undefined,
    details: Array.isArray(envelope.details) ? (envelope.details as FieldError[]) : undefined,
  };
}
