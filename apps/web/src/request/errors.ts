/**
 * The errors the request layer rejects with (docs/request-layer.md §Answers: timeout errors,
 * ResponseError for HTTP and parse errors, 'Network request failed', plus business errors).
 * Each class has a stable `name` that survives minification.
 */
import type { FieldError } from '@eco/contracts/envelope';

/** What the server said about a failure, read through the response adaptor (docs/request-layer.md §Requests). */
export interface ErrorInfo {
  errorCode?: string;
  errorMessage?: string;
  /** docs/request-layer.md §Error display: 0 silent, 1 warning, 2 error (default), 4 notification, 9 redirect. */
  showType?: number;
  details?: FieldError[];
}

/**
 * A business error: a 2xx response whose envelope has `success: false` (docs/request-layer.md §Requests).
 * `message` is the server's errorMessage (or errorCode, or 'Business error' when both are missing).
 */
export class BizError extends Error {
  override readonly name = 'BizError';
  /** The adapted errorCode, errorMessage, showType and details. */
  readonly info: ErrorInfo;

  /** @param info the adapted failure fields (see `adaptResponse`). */
  constructor(info: ErrorInfo) {
    super(info.errorMessage || info.errorCode || 'Business error');
    this.info = info;
  }
}

/**
 * The request took longer than its `timeout` option (docs/request-layer.md §Requests); the fetch was aborted.
 * `message` is `timeout of <ms>ms exceeded`.
 */
export class RequestTimeoutError extends Error {
  override readonly name = 'RequestTimeoutError';
  /** The timeout that was exceeded, in ms. */
  readonly timeout: number;

  /** @param timeoutMs the exceeded timeout in ms. */
  constructor(timeoutMs: number) {
    super(`timeout of ${timeoutMs}ms exceeded`);
    this.timeout = timeoutMs;
  }
}

/** 'HttpError': status outside 200–299. 'ParseError': a 2xx body that is not a JSON envelope. */
export type ResponseErrorType = 'HttpError' | 'ParseError';

/**
 * The server answered, but not with a usable success: an HTTP status outside 200–299 (docs/request-layer.md §Requests)
 * or a body that could not be read as the envelope.
 */
export class ResponseError extends Error {
  override readonly name = 'ResponseError';
  /** The HTTP status code. */
  readonly status: number;
  readonly type: ResponseErrorType;
  /** The envelope's failure fields, when the body was an error envelope; used for display. */
  readonly info?: ErrorInfo;
  /** The response (its body already consumed), e.g. to read headers. */
  readonly response?: Response;

  /**
   * @param init.status HTTP status; init.type see {@link ResponseErrorType}; init.info the
   *   envelope's failure fields if any; init.message defaults to `Request failed with status code
   *   <status>`; init.cause e.g. the JSON SyntaxError.
   */
  constructor(init: {
    status: number;
    type: ResponseErrorType;
    info?: ErrorInfo;
    response?: Response;
    message?: string;
    cause?: unknown;
  }) {
    super(init.message ?? `Request failed with status code ${init.status}`, { cause: init.cause });
    this.status = init.status;
    this.type = init.type;
    this.info = init.info;
    this.response = init.response;
  }
}

/**
 * No response at all (offline, DNS, CORS, connection reset). The message is always exactly
 * `Network request failed` (docs/request-layer.md §Error display) whatever the browser's wording; that wording is `cause`.
 */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';

  /** @param cause the browser's own error, e.g. `TypeError: Failed to fetch`. */
  constructor(cause?: unknown) {
    super('Network request failed', { cause });
  }
}
