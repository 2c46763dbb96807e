/**
 * The single error handler: every failure leaves as the envelope
 * `{ success: false, errorCode, errorMessage, showType, details? }` with a meaningful status.
 * Validation → 400 with field details (messages localised by ajv-i18n); unknown → 500 without
 * internals (logged instead).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import localize from 'ajv-i18n';
import { ShowType, type ErrorEnvelope, type FieldError } from '@eco/contracts/envelope';
import { AppError, ERROR_CODES, type Detail, type ErrorCode } from './error-codes';
import { requestLocale } from './locale';

type AjvError = NonNullable<FastifyError['validation']>[number] & { keyword: string; params: Record<string, unknown> };

function fieldErrors(error: FastifyError, zh: boolean): FieldError[] {
  const errors = (error.validation ?? []).map((e) => ({ ...e })) as AjvError[];
  // ajv-i18n rewrites `message` in place; it is typed for Ajv's own ErrorObject
  if (zh) localize.zh(errors as Parameters<typeof localize.zh>[0]);
  const context = error.validationContext ?? '';
  return errors.map((e) => {
    const missing = e.keyword === 'required' ? `/${String(e.params.missingProperty)}` : '';
    return { field: `${context}${e.instancePath}${missing}`, message: e.message ?? e.keyword };
  });
}

/** Sends the envelope for a catalogue code. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  extra: { detail?: Detail; details?: FieldError[]; status?: number } = {},
): FastifyReply {
  const entry = ERROR_CODES[code];
  const zh = requestLocale(request) === 'zh-CN';
  const base = zh ? entry.zh : entry.en;
  const detail = typeof extra.detail === 'object' ? (zh ? extra.detail.zh : extra.detail.en) : extra.detail;
  const body: ErrorEnvelope = {
    success: false,
    errorCode: code,
    errorMessage: detail ? `${base}${zh ? '：' : ': '}${detail}` : base,
    showType: ShowType.ERROR_MESSAGE,
    ...(extra.details ? { details: extra.details } : {}),
  };
  return reply.status(extra.status ?? entry.status).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  // @fastify/csrf-protection: no CSRF secret cookie, or a token that does not match it
  FST_CSRF_MISSING_SECRET: 'CSRF_REJECTED',
  FST_CSRF_INVALID_TOKEN: 'CSRF_REJECTED',
};

/**
 * Sends any failure as the envelope. The root error handler, and Fastify's `frameworkErrors`
 * (a malformed URL, an over-long path parameter), which never reach the error handler.
 */
export function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof AppError) {
    reply.headers(error.headers);
    return sendError(request, reply, error.code, { detail: error.detail });
  }
  if (error.validation) {
    const details = fieldErrors(error, requestLocale(request) === 'zh-CN');
    const detail = details.map((d) => `${d.field} ${d.message}`).join('; ');
    return sendError(request, reply, 'VALIDATION_FAILED', { detail, details });
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return sendError(request, reply, mapped);
  if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
    // another client error raised by Fastify or a plugin: keep its status, say it plainly
    request.log.info({ err: error }, 'client error');
    return sendError(request, reply, 'VALIDATION_FAILED', { detail: error.message, status: error.statusCode });
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(request, reply, 'INTERNAL_ERROR');
}

/** Registers the error and not-found handlers on the root instance. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(replyWithError);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'NOT_FOUND', { detail: `${request.method} ${request.url.split('?')[0]}` }));
}
