/**
 * The single error handler: every failure leaves as the envelope
 * `{ success: false, errorCode, errorMessage, showType, details? }` with a meaningful status.
 * Validation → 400 with field details (messages localised by ajv-i18n); unknown → 500 without
 * internals (logged instead).
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import localize from 'ajv-i18n';
import { errorCodesOf } from '@eco/contracts/api/endpoint';
import { YEAR_PREFIX } from '@eco/contracts/common';
import { ShowType, type ErrorEnvelope, type FieldError } from '@eco/contracts/envelope';
import { MULTI_LINE, SINGLE_LINE, SINGLE_LINE_NOT_BLANK } from '@eco/contracts/text';
import { ERROR_CODES, type ErrorCode } from '@eco/contracts/error-codes';
import { AppError, type Detail } from './app-error';
import { requestLocale } from './locale';

type AjvError = NonNullable<FastifyError['validation']>[number] & { keyword: string; params: Record<string, unknown> };

/** What the shared patterns mean, in words (a pattern itself is no message for people). */
const PATTERN_MESSAGES: Record<string, { zh: string; en: string }> = {
  [SINGLE_LINE]: { zh: '应为单行文本，不能含控制字符', en: 'must be one line without control characters' },
  [SINGLE_LINE_NOT_BLANK]: { zh: '不能为空，且应为单行文本，不能含控制字符', en: 'must not be blank, and be one line without control characters' },
  [MULTI_LINE]: { zh: '不能含控制字符', en: 'must not contain control characters' },
  [YEAR_PREFIX]: { zh: '年份应在 1900–2099 之间', en: 'must be in the years 1900–2099' },
};

function fieldErrors(error: FastifyError, zh: boolean): FieldError[] {
  const errors = (error.validation ?? []).map((e) => ({ ...e })) as AjvError[];
  // ajv-i18n rewrites `message` in place; it is typed for Ajv's own ErrorObject
  if (zh) localize.zh(errors as Parameters<typeof localize.zh>[0]);
  const context = error.validationContext ?? '';
  return errors.map((e) => {
    // `required` and `additionalProperties` report the object: name the property itself
    const child =
      e.keyword === 'required' ? `/${String(e.params.missingProperty)}` : e.keyword === 'additionalProperties' ? `/${String(e.params.additionalProperty)}` : '';
    const known = e.keyword === 'pattern' ? PATTERN_MESSAGES[String(e.params.pattern)] : undefined;
    const message = known ? (zh ? known.zh : known.en) : (e.message ?? e.keyword);
    return { field: `${context}${e.instancePath}${child}`, message };
  });
}

/** The envelope for a catalogue code, in the request's language, and its HTTP status. */
export function errorEnvelope(
  request: FastifyRequest,
  code: ErrorCode,
  extra: { detail?: Detail; details?: FieldError[]; status?: number } = {},
): { status: number; body: ErrorEnvelope } {
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
  return { status: extra.status ?? entry.status, body };
}

/** Sends the envelope for a catalogue code. */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode,
  extra: { detail?: Detail; details?: FieldError[]; status?: number } = {},
): FastifyReply {
  const { status, body } = errorEnvelope(request, code, extra);
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/**
 * `ECO_CHECK_DECLARED_ERRORS=1` (set for the test suites, vitest.config.ts): an AppError whose code
 * the endpoint's declaration does not list is answered 500, so a test that meets it fails.
 */
const CHECK_DECLARED_ERRORS = process.env.ECO_CHECK_DECLARED_ERRORS === '1';

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
 * The answer to any failure: the envelope, its status and the headers to send with it. An
 * AppError as it says; a validation error 400 VALIDATION_FAILED with field details; Fastify's and
 * its plugins' client errors by their code or status; anything else 500 INTERNAL_ERROR without
 * internals (logged instead). Also for failures answered inside another answer (a SensorThings
 * batch, modules/sensorthings/batch.ts).
 */
export function errorAnswer(error: unknown, request: FastifyRequest): { status: number; headers: Record<string, string>; body: ErrorEnvelope } {
  if (error instanceof AppError) return { ...errorEnvelope(request, error.code, { detail: error.detail }), headers: error.headers };
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.validation) {
    const details = fieldErrors(fastifyError as FastifyError, requestLocale(request) === 'zh-CN');
    const detail = details.map((d) => `${d.field} ${d.message}`).join('; ');
    return { ...errorEnvelope(request, 'VALIDATION_FAILED', { detail, details }), headers: {} };
  }
  const mapped = fastifyError.code ? FASTIFY_CODES[fastifyError.code] : undefined;
  if (mapped) return { ...errorEnvelope(request, mapped), headers: {} };
  if (typeof fastifyError.statusCode === 'number' && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
    // another client error raised by Fastify or a plugin: keep its status, say it plainly
    request.log.info({ err: error }, 'client error');
    return { ...errorEnvelope(request, 'VALIDATION_FAILED', { detail: fastifyError.message, status: fastifyError.statusCode }), headers: {} };
  }
  request.log.error({ err: error }, 'unhandled error');
  return { ...errorEnvelope(request, 'INTERNAL_ERROR'), headers: {} };
}

/**
 * Sends any failure as the envelope ({@link errorAnswer}). The root error handler, and Fastify's
 * `frameworkErrors` (a malformed URL, an over-long path parameter), which never reach the error handler.
 */
export function replyWithError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const endpoint = request.routeOptions.config?.endpoint;
  if (error instanceof AppError && CHECK_DECLARED_ERRORS && endpoint && !errorCodesOf(endpoint).includes(error.code)) {
    // tests run with the check on: an answer the declaration does not list is a bug in one or the other
    request.log.error({ err: error }, 'undeclared error code');
    return sendError(request, reply, 'INTERNAL_ERROR', { detail: `${endpoint.operationId} answered ${error.code}, which its declaration does not list` });
  }
  const { status, headers, body } = errorAnswer(error, request);
  return reply.status(status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** Registers the error and not-found handlers on the root instance. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(replyWithError);
  app.setNotFoundHandler((request, reply) => sendError(request, reply, 'NOT_FOUND', { detail: `${request.method} ${request.url.split('?')[0]}` }));
}
