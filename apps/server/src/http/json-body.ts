/**
 * Request bodies the API reads (docs/api.md §Input): JSON that is valid UTF-8. Fastify's own
 * parser decodes with replacement characters, so a body in GBK or with a stray byte would be
 * stored with U+FFFD where the text was; this one refuses it with 400 INVALID_ENCODING, and
 * then parses as Fastify does (prototype poisoning refused). Plain text is not an API body: 415.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error';

/** Replaces the `application/json` and `text/plain` parsers of `app`. */
export function registerJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      // fatal: a malformed sequence throws instead of becoming U+FFFD; a leading BOM is dropped
      text = new TextDecoder('utf-8', { fatal: true }).decode(body as Buffer);
    } catch {
      done(new AppError('INVALID_ENCODING'), undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
