/**
 * The error catalogue (docs/request-layer.md §Error display): how a failed request is shown to the user.
 * Screens never show request errors themselves; the request layer calls {@link showError}.
 */
import { ShowType } from '@eco/contracts/envelope';
import { showMessage } from '../components/show-message';
import { i18n } from '../i18n/i18n';
import { BizError, NetworkError, RequestTimeoutError, ResponseError, type ErrorInfo } from './errors';
import { routerBase } from './router-base';

/** Where error display goes; swap it with {@link setErrorDisplay} (tests record what is shown). */
export interface ErrorDisplay {
  /** showType 1: a warning message. */
  warn(text: string): void;
  /** showType 2 (and the default): an error message. */
  error(text: string): void;
  /** showType 4: a notification, errorCode as title, errorMessage as description. */
  notify(note: { title: string; description: string }): void;
  /** showType 9: go to the error page; `hash` is the full location hash, starting with `#`. */
  redirect(hash: string): void;
}

/**
 * The default display: antd's static message / notification and `window.location.hash`. The antd
 * parts are fetched when the first error is shown, not with the first page (issue 13 item 9: they
 * are a tenth of /home's first load); per-path imports, as the 'antd' index would bring every component.
 */
export const antdErrorDisplay: ErrorDisplay = {
  warn: (text) => void showMessage('warning', text),
  error: (text) => void showMessage('error', text),
  // antd 6 notifications take `title` (the old `message` is deprecated).
  notify: ({ title, description }) => void import('antd/es/notification').then(({ default: notification }) => notification.open({ title, description })),
  redirect: (hash) => {
    window.location.hash = hash;
  },
};

let display: ErrorDisplay = antdErrorDisplay;

/**
 * Replaces the error display (e.g. with a recorder in tests).
 *
 * @param adapter the new display; omitted → back to {@link antdErrorDisplay}.
 * @returns the display that was in use before, so a caller can restore it.
 */
export function setErrorDisplay(adapter: ErrorDisplay = antdErrorDisplay): ErrorDisplay {
  const previous = display;
  display = adapter;
  return previous;
}

/**
 * The location hash of the error page for a redirect (docs/request-layer.md §Error display, showType 9):
 * `#<routerBase>exception?errorCode=<code>&errorMessage=<message>`, both URI-encoded
 * (`encodeURIComponent`, so a space is `%20`).
 *
 * @param errorCode the error code ('' when unknown).
 * @param errorMessage the text for people.
 */
export function exceptionHash(errorCode: string, errorMessage: string): string {
  const query = `errorCode=${encodeURIComponent(errorCode)}&errorMessage=${encodeURIComponent(errorMessage)}`;
  return `#${routerBase()}exception?${query}`;
}

/**
 * Shows a failed request to the user following the error display of docs/request-layer.md:
 * showType 0 silent, 1 warning message, 2 error message, 4 notification (errorCode as title,
 * errorMessage as description), 9 redirect to the error page; missing or unknown → error message.
 *
 * The text is the server's errorMessage; without one, the error's own message (localised for
 * {@link NetworkError}, {@link RequestTimeoutError} and {@link ResponseError}, whose English
 * messages the layer itself writes), or the fallback `request.fallback`
 * ('Request error, please retry.'). An aborted request (`AbortError`) is never shown.
 *
 * @param error anything a request rejected with. Never throws (unless the display does).
 */
export function showError(error: unknown): void {
  if (isAbortError(error)) return;
  const info = errorInfoOf(error);
  const text = info?.errorMessage || ownMessage(error);
  const code = info?.errorCode ?? '';
  switch (info?.showType) {
    case ShowType.SILENT:
      return;
    case ShowType.WARN_MESSAGE:
      display.warn(text);
      return;
    case ShowType.NOTIFICATION:
      display.notify({ title: code, description: text });
      return;
    case ShowType.REDIRECT:
      display.redirect(exceptionHash(code, text));
      return;
    default: // ShowType.ERROR_MESSAGE, and the default for a missing or unknown showType
      display.error(text);
  }
}

function errorInfoOf(error: unknown): ErrorInfo | undefined {
  if (error instanceof BizError || error instanceof ResponseError) return error.info;
  return undefined;
}

/** The error's own message for people: localised for the errors whose wording the layer writes. */
function ownMessage(error: unknown): string {
  if (error instanceof NetworkError) return i18n.t('request.networkFailed');
  if (error instanceof RequestTimeoutError) return i18n.t('request.timeout');
  if (error instanceof ResponseError) {
    return error.type === 'ParseError' ? i18n.t('request.parseError') : i18n.t('request.httpError', { status: error.status });
  }
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return i18n.t('request.fallback');
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
