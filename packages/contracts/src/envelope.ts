/**
 * The API envelope every `/api` response body uses (docs/api.md §Envelope).
 *
 * Success: `{ success: true, data }`.
 * Failure: `{ success: false, errorCode, errorMessage, showType, details? }`, with an HTTP
 * status that means what it says. `showType` follows docs/request-layer.md §Error display.
 *
 * Plain TypeScript (no schema library), so the web app can import it without weight; the
 * server's JSON schemas of the same shapes are in `envelope-schemas.ts`.
 */

/** How the web app displays a business error (docs/request-layer.md §Error display, the error catalogue). */
export const ShowType = {
  /** no display */
  SILENT: 0,
  /** a warning message */
  WARN_MESSAGE: 1,
  /** an error message (the default) */
  ERROR_MESSAGE: 2,
  /** a notification: errorCode as title, errorMessage as description */
  NOTIFICATION: 4,
  /** redirect to `#/exception?errorCode=…&errorMessage=…` */
  REDIRECT: 9,
} as const;
export type ShowType = (typeof ShowType)[keyof typeof ShowType];

/** One field-level problem of a 400 validation error. */
export interface FieldError {
  /** where the field is, e.g. `querystring/pageSize` or `body/title` */
  field: string;
  message: string;
}

export interface ErrorEnvelope {
  success: false;
  /** stable UPPER_SNAKE code from the server's error catalogue */
  errorCode: string;
  /** for people: zh-CN by default, en-US when the request asks for it */
  errorMessage: string;
  /** docs/request-layer.md §Error display */
  showType: number;
  details?: FieldError[];
}

export type OkEnvelope<T> = { success: true; data: T };
export type Envelope<T> = OkEnvelope<T> | ErrorEnvelope;

/** A page of a list (docs/api.md §Lists): `page` starts at 1, `pageSize` is capped by the endpoint. */
export type Page<T> = { items: T[]; total: number; page: number; pageSize: number };
