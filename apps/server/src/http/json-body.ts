/**
 * Request bodies the API reads (docs/api.md §Input): JSON that is valid UTF-8. Fastify's own
 * parser decodes with replacement characters, so a body in GBK or with a stray byte would be
 * stored with U+FFFD where the text was; this one refuses it with 400 INVALID_ENCODING, and
 * then parses as Fastify does (prototype poisoning refused). Plain text is not an API body: 415.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** The body as UTF-8 text, or 400 INVALID_ENCODING. Fatal: a malformed sequence throws instead of becoming U+FFFD; a leading BOM is dropped. */
export function utf8(body: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new AppError('INVALID_ENCODING');
  }
}

/**
 * Replaces the `application/json` and `text/plain` parsers of `app`, and reads `text/csv` as a
 * UTF-8 string for the endpoints that declare it (`bodyMediaType`; http/strict-input.ts refuses
 * it with 415 elsewhere).
 */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = utf8(body as Buffer);
    } catch (error) {
      done(error as AppError, undefined);
      return;
    }
    parseJson(request, text, done);
  });
  app.addContentTypeParser('text/csv', { parseAs: 'buffer' }, async (_request: unknown, body: Buffer) => utf8(body));
}
