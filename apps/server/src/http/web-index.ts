/**
 * The web app's page (`/` and `/index.html`) as the server sends it: the built `index.html` with the
 * site's configured title (site settings) in its `<title>` and in the header the page draws before
 * the app runs (`<span class="boot-title">`, apps/web/index.html), so a first visit shows the
 * portal's own name at once instead of the name it was built with (issue 13 items 5 and 9).
 *
 * The page starts the app from an inline script (apps/web/build/boot.js, inlined by
 * build/route-preload.ts: as a file it would cost a round trip before the first paint). The page's
 * Content-Security-Policy is the app's (security-headers.ts) with that script allowed by its SHA-256
 * hash, worked out from the page itself, so no other inline script runs.
 *
 * Each answer is revalidated on every load (`Cache-Control: no-cache`, a strong ETag per title and
 * encoding). The page is compressed once per title, brotli at quality 11 and gzip at level 9 like
 * the build's own copies, not per request.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSP_DIRECTIVES, cspHeader } from './security-headers';

const TITLE = /<title>([^<]*)<\/title>/;
const BOOT_TITLE = /(<span class="boot-title">)[^<]*(<\/span>)/;
const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/** The CSP source of each inline `<script>` of `html` (`'sha256-…'`, base64 of the SHA-256 of its text, CSP Level 2 §4.2). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map((match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`);
}

/** `page` with `title` (plain text, escaped here) in its `<title>` and its header's `.boot-title`. */
export function pageWithTitle(page: string, title: string): string {
  const text = escapeHtml(title);
  return page.replace(TITLE, () => `<title>${text}</title>`).replace(BOOT_TITLE, (_all, open: string, close: string) => `${open}${text}${close}`);
}

type Encoding = 'br' | 'gzip' | 'identity';
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });
const ENCODERS = {
  br: (body: Buffer) =>
    promisify(brotliCompress)(body, {
      params: { [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT, [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY },
    }),
  gzip: (body: Buffer) => promisify(gzip)(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
  identity: async (body: Buffer) => body,
};

interface Rendered {
  /** the built page's modification time (ms) */
  built: number;
  /** the title shown; null: the page as built (the settings could not be read) */
  title: string | null;
  bodies: Partial<Record<Encoding, Promise<{ bytes: Buffer; etag: string }>>>;
}

/**
 * Answers `GET /` and `GET /index.html` (and their HEAD) with the page at `file` and the title
 * `title()` gives (the site settings' cache); when that fails, with the title the page was built
 * with, so the page never fails with the database. The file is read again when it has changed (a
 * new build beside a running server names new assets).
 */
export function registerWebIndex(app: FastifyInstance, { file, title }: { file: string; title: () => Promise<string> }): void {
  const read = (mtime: number, page: string) => ({
    mtime,
    page,
    policy: cspHeader({ ...CSP_DIRECTIVES, 'script-src': [...CSP_DIRECTIVES['script-src'], ...inlineScriptHashes(page)] }),
  });
  let built = read(fs.statSync(file).mtimeMs, fs.readFileSync(file, 'utf8'));
  let rendered: Rendered | undefined;

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const current = await title().catch(() => null);
    // a page being rewritten (or gone) leaves the one read before in use
    const mtime = await fs.promises.stat(file).then(
      (stats) => stats.mtimeMs,
      () => built.mtime,
    );
    if (mtime !== built.mtime)
      built = await fs.promises.readFile(file, 'utf8').then(
        (page) => read(mtime, page),
        () => built,
      );
    const { page, policy } = built;
    if (rendered?.built !== built.mtime || rendered.title !== current) rendered = { built: built.mtime, title: current, bodies: {} };
    const encoding = negotiator.negotiate(request.headers['accept-encoding'] ?? 'identity') ?? 'identity';
    // made once per page, title and encoding, not per request
    rendered.bodies[encoding] ??= ENCODERS[encoding](Buffer.from(current === null ? page : pageWithTitle(page, current))).then((bytes) => ({
      bytes,
      etag: `"${createHash('sha1').update(bytes).digest('base64url')}-${encoding}"`,
    }));
    const { bytes, etag } = await rendered.bodies[encoding]!;
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', etag)
      .header('content-security-policy', policy);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.send(bytes);
  };
  app.get('/', handler);
  app.get('/index.html', handler);
}
