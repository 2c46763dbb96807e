/**
 * Security headers on every response (helmet), with a Content-Security-Policy the built web app
 * satisfies (checked in Chromium: every page an end-to-end test opens fails on a violation):
 *
 * - scripts only from this origin; the page's one inline script (apps/web/build/boot.js) is allowed on
 *   the page alone, by its hash (web-index.ts);
 * - styles from this origin plus inline: antd's CSS-in-JS (@ant-design/cssinjs) inserts <style>
 *   elements at run time and ECharts sets style attributes, neither with a nonce;
 * - images from this origin, data: and blob: (icons, ECharts' exported images); fetches only to
 *   this origin; no plugins, no framing by other sites, forms and <base> only to this origin.
 *
 * No `upgrade-insecure-requests`: the portal may be served over plain HTTP inside an agency's
 * network, where upgrading its own requests to HTTPS would break every page.
 *
 * The API docs (/api/docs, Swagger UI) get their own policy from @fastify/swagger-ui
 * (`SWAGGER_UI_CSP`): Swagger UI also needs inline styles.
 */
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

export const CSP_DIRECTIVES = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/** `directives` as a Content-Security-Policy header's value, in helmet's form (`default-src 'self';script-src …`). */
export function cspHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join(';');
}

/** The policy of the Swagger UI page at /api/docs (it also loads its scripts and styles from this origin). */
export const SWAGGER_UI_CSP = {
  ...CSP_DIRECTIVES,
  'img-src': ["'self'", 'data:'],
};

/**
 * Sets the headers on every response, before anything else answers. helmet's middleware is made
 * once: @fastify/helmet, used before, made it again for every request, parsing the policy each
 * time (8 % of the server's CPU in a profile of public reads served from memory; the reads behind
 * /home went from about 7 000 to 10 700 requests/s without it).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // the frame-ancestors directive says it for browsers that read CSP; X-Frame-Options for the rest
    frameguard: { action: 'deny' },
  });
  // helmet calls back with no error: it only sets headers
  app.addHook('onRequest', (request, reply, done) => setHeaders(request.raw, reply.raw, () => done()));
}
